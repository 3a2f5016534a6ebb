// A fetch that carries HTTP over one local socket or named pipe, for requests to the socket's own origin only.
import { Agent, fetch as undiciFetch } from 'undici';
import { SOCKET_ORIGIN } from '../../../shared/socketAddress';

/** A fetch over one socket, and a way to close the connections it keeps. */
export type SocketFetch = { fetch: typeof fetch; close: () => Promise<void> };

/** A request that would leave the socket for another address. */
export class OffSocketRequest extends Error {}

/** Sends every request for `http://localhost/…` through the socket at `socketPath`; refuses any other address. */
export function socketFetch(socketPath: string): SocketFetch {
  const agent = new Agent({ connect: { socketPath } });
  const send = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== SOCKET_ORIGIN)
      throw new OffSocketRequest(`A server on a local socket may not send the app to ${url.origin}.`);
    const response = await undiciFetch(url, {
      method: init?.method,
      headers: Object.fromEntries(new Headers(init?.headers)),
      body: init?.body as string | Uint8Array | null | undefined,
      signal: init?.signal,
      redirect: 'manual',
      dispatcher: agent,
    });
    // undici's Response is the platform's own class under another declaration.
    return response as unknown as Response;
  };
  return { fetch: send as typeof fetch, close: () => agent.destroy() };
}
