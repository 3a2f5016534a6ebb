// The loopback redirect (RFC 8252): a server on 127.0.0.1 that takes the browser back from the authorization
// server for one sign-in, checks its `state`, and tells the person in the tab how it went.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the tab shows once the callback was handled. */
export type CallbackPage = { ok: boolean; title: string; text: string };

export type RedirectServer = {
  /** `http://127.0.0.1:<port>/callback` */
  readonly redirectUrl: string;
  readonly port: number;
  close(): void;
};

/**
 * Listens on `preferredPort` (the port a client was registered with) or, if it is taken, on any free one.
 * A GET /callback carrying `state` is handed to `handle` once; its answer becomes the page in the tab.
 */
export async function listenForRedirect(
  state: string,
  handle: (params: URLSearchParams) => Promise<CallbackPage>,
  preferredPort?: number,
): Promise<RedirectServer> {
  let handled = false;
  let inFlight = 0;
  let closing = false;
  const server = createServer((request, response) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (closing && inFlight === 0) server.closeAllConnections();
    });
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // No keep-alive: a browser must not bring a later sign-in's callback to this one's listener.
    const send = (status: number, page: CallbackPage) =>
      response
        .writeHead(status, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
          Connection: 'close',
        })
        .end(render(page));
    if (request.method !== 'GET' || url.pathname !== '/callback') {
      return send(404, {
        ok: false,
        title: 'Not found',
        text: 'Switchboard only answers its sign-in callback here.',
      });
    }
    if (url.searchParams.get('state') !== state || handled) {
      return send(400, {
        ok: false,
        title: 'Not this sign-in',
        text: 'This page does not belong to the sign-in Switchboard is waiting for. Start the sign-in again from Switchboard.',
      });
    }
    handled = true;
    handle(url.searchParams).then(
      (page) => send(page.ok ? 200 : 400, page),
      () =>
        send(500, { ok: false, title: 'Sign-in failed', text: 'Switchboard could not finish the sign-in.' }),
    );
  });
  const port = await listen(server, preferredPort);
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    port,
    /** Stops listening; a page still being answered is finished first. */
    close: () => {
      closing = true;
      server.close();
      if (inFlight === 0) server.closeAllConnections();
    },
  };
}

async function listen(server: Server, preferred: number | undefined): Promise<number> {
  const attempt = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  if (preferred) {
    try {
      return await attempt(preferred);
    } catch {
      // Taken: any free port will do; the client is then registered for that one.
    }
  }
  return attempt(0);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function render(page: CallbackPage): string {
  const colour = page.ok ? '#15803d' : '#b91c1c';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)} · Switchboard</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;color:#0f172a}h1{color:${colour};font-size:1.5rem}</style>
</head><body><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p></body></html>`;
}
