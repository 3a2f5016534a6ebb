// The sandbox proxy: a page on the sandbox origin that relays between the app and one view in an inner frame.
import { GUARD_SCRIPT, placeFirst } from './viewGuard';

/** The methods only the host and the proxy use between themselves; a view may neither send nor receive them. */
const SANDBOX_PREFIX = 'ui/notifications/sandbox-';

type ProxyConfig = { hostOrigin: string; sandboxPrefix: string; guard: string };

/**
 * Runs in the proxy page (browser code, serialised with `toString`, so it closes over nothing).
 * Its host is its parent, or, in a window of its own, the page that opened it, whose handle it keeps
 * and takes from the view (`opener` is cleared; the page then asks it to close). It accepts messages from its host only when they
 * come from the app's origin, loads the view's
 * HTML once into an inner frame with an opaque origin (no `allow-same-origin`, so the view reaches
 * neither the proxy nor any other view), relays every other message both ways, and drops the
 * sandbox's own methods coming from the view. The view inherits this page's CSP header, and its HTML
 * starts with the guard, which carries this script's nonce (see viewGuard.ts); without one, it is not shown.
 */
function runSandboxProxy(config: ProxyConfig, first: typeof placeFirst): void {
  const nonce = document.currentScript?.nonce ?? '';
  const host: Window | null = window.parent !== window ? window.parent : window.opener;
  if (!host) return;
  if (host === window.opener) window.opener = null;
  const PERMISSIONS: Record<string, string> = {
    camera: 'camera',
    microphone: 'microphone',
    geolocation: 'geolocation',
    clipboardWrite: 'clipboard-write',
  };
  const isMessage = (data: unknown): data is { jsonrpc: '2.0'; method?: unknown; params?: unknown } =>
    typeof data === 'object' && data !== null && (data as { jsonrpc?: unknown }).jsonrpc === '2.0';
  const isSandboxMethod = (method: unknown) =>
    typeof method === 'string' && method.startsWith(config.sandboxPrefix);

  const root = document.documentElement;
  root.style.cssText = 'height:100%;margin:0;overflow:hidden;background:transparent';
  document.body.style.cssText = 'height:100%;margin:0;overflow:hidden';
  const inner = document.createElement('iframe');
  inner.setAttribute('sandbox', 'allow-scripts allow-forms');
  inner.setAttribute('title', 'App view');
  inner.style.cssText = 'display:block;width:100%;height:100%;border:0;background:transparent';
  document.body.appendChild(inner);

  let started = false;
  let expectingLoad = false;
  let gone = false;

  // A view that navigates its frame away leaves its own page: it is closed and hears nothing more.
  inner.addEventListener('load', () => {
    if (!started) return;
    if (expectingLoad) {
      expectingLoad = false;
      return;
    }
    gone = true;
    inner.remove();
    const note = document.createElement('p');
    note.textContent = 'This view tried to leave its page, so it was closed.';
    note.style.cssText = 'font:13px system-ui,sans-serif;margin:12px';
    document.body.appendChild(note);
  });

  const start = (params: unknown) => {
    const { html, permissions } = (params ?? {}) as { html?: unknown; permissions?: unknown };
    if (typeof html !== 'string' || !nonce) return;
    started = true;
    const allow = Object.keys(PERMISSIONS)
      .filter((name) => typeof permissions === 'object' && permissions !== null && name in permissions)
      .map((name) => PERMISSIONS[name])
      .join('; ');
    if (allow) inner.setAttribute('allow', allow);
    expectingLoad = true;
    inner.srcdoc = first(html, `<script nonce="${nonce}">${config.guard}</script>`);
  };

  window.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!isMessage(data)) return;
    if (event.source === host) {
      if (event.origin !== config.hostOrigin) return;
      if (data.method === `${config.sandboxPrefix}resource-ready`) {
        if (!started) start(data.params);
        return;
      }
      // The opener it let go of may no longer close this window; it asks, and the window closes itself.
      if (data.method === `${config.sandboxPrefix}close-window` && window.parent === window) {
        window.close();
        return;
      }
      if (isSandboxMethod(data.method) || !started || gone) return;
      inner.contentWindow?.postMessage(data, '*');
      return;
    }
    if (event.source !== inner.contentWindow || gone || isSandboxMethod(data.method)) return;
    host.postMessage(data, config.hostOrigin);
  });

  host.postMessage(
    { jsonrpc: '2.0', method: `${config.sandboxPrefix}proxy-ready`, params: {} },
    config.hostOrigin,
  );
}

/** The proxy's script for an app served from `hostOrigin`. */
export function proxyScript(hostOrigin: string): string {
  const config: ProxyConfig = { hostOrigin, sandboxPrefix: SANDBOX_PREFIX, guard: GUARD_SCRIPT };
  return `(${runSandboxProxy.toString()})(${JSON.stringify(config)}, ${placeFirst.toString()});\n`;
}

/** The proxy page, loading the proxy with `nonce`; its CSP headers are the view's, which the inner frame inherits. */
export function proxyPage(nonce: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App view</title>' +
    `<script src="/proxy.js" nonce="${nonce}" defer></script></head><body></body></html>\n`
  );
}
