// The app scheme in Electron: registered as privileged before ready, and answering with the built renderer's files.
import { protocol } from 'electron';
import { type AppRequest, answerAppRequest } from '../security/appRequests';
import { APP_SCHEME, PRIVILEGED_SCHEMES } from '../security/schemes';

/** Registers every privileged scheme; call once, before the app is ready. */
export function registerPrivilegedSchemes(): void {
  protocol.registerSchemesAsPrivileged(
    PRIVILEGED_SCHEMES.map(({ scheme, privileges }) => ({ scheme, privileges: { ...privileges } })),
  );
}

/** Serves `root` (the built renderer folder) on the app scheme of the default session. */
export function serveRenderer(root: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const seen: AppRequest = {
      url: request.url,
      method: request.method,
      initiatorOrigin: (request as Request & { initiatorOrigin?: string }).initiatorOrigin,
    };
    try {
      const answer = await answerAppRequest(seen, root);
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    } catch (error) {
      console.error('Serving the window failed:', error);
      return new Response('Internal error', { status: 500 });
    }
  });
}
