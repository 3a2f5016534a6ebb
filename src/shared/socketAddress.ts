// Server addresses on a local socket: `unix:///path/to.sock` and Windows named pipes (`npipe:////./pipe/name`, `\\.\pipe\name`), each with an optional `#/http/path`.

import type { HostText } from './hostText';

/** Where a socket server is: the socket's file (or pipe) and the HTTP path asked for over it. */
export type SocketAddress = { kind: 'unix' | 'pipe'; path: string; requestPath: string };

/** The host every request over a socket names: HTTP needs one, and the socket is on this machine. */
export const SOCKET_ORIGIN = 'http://localhost';

const PIPE_SCHEME = /^n?pipe:/i;
const UNIX_SCHEME = /^unix:/i;
const PIPE_FORM = /^\\\\\.\\pipe\\([^\\]+)$/i;
const REQUEST_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
const VARIABLE = /\$\{[^}]*\}/;
/** The longest path a unix socket may have: 108 bytes with the final NUL on Linux (104 on macOS). */
const MAX_UNIX_PATH_BYTES = 107;
const MAX_PIPE_NAME = 256;

/** True when `url` names a local socket or pipe rather than an http(s) address. */
export function isSocketAddress(url: string): boolean {
  return UNIX_SCHEME.test(url) || PIPE_SCHEME.test(url) || url.startsWith('\\\\');
}

/** The socket address `url` names, or why it cannot be used (in plain words). */
export function parseSocketAddress(url: string): SocketAddress | { problem: HostText } {
  const hash = url.indexOf('#');
  const main = hash < 0 ? url : url.slice(0, hash);
  const requestPath = hash < 0 ? '/' : url.slice(hash + 1);
  if (!REQUEST_PATH.test(requestPath)) return { problem: { id: 'host.address.socketPath' } };
  if (main.includes('?')) return { problem: { id: 'host.address.socketQuery' } };
  if (UNIX_SCHEME.test(main)) return unixAddress(main.slice('unix:'.length), requestPath);
  return pipeAddress(PIPE_SCHEME.test(main) ? main.slice(main.indexOf(':') + 1) : main, requestPath);
}

/** Why `url` cannot be a socket server's address; undefined when it can (references are checked once filled in). */
export function socketAddressProblem(url: string): HostText | undefined {
  if (VARIABLE.test(url.split('#', 1)[0] ?? '')) return undefined;
  const parsed = parseSocketAddress(url);
  return 'problem' in parsed ? parsed.problem : undefined;
}

function unixAddress(rest: string, requestPath: string): SocketAddress | { problem: HostText } {
  if (!rest.startsWith('///')) return { problem: { id: 'host.address.unixForm' } };
  const path = decoded(rest.slice(2));
  if (path === undefined) return { problem: { id: 'host.address.socketEscape' } };
  if (CONTROL.test(path)) return { problem: { id: 'host.address.socketControl' } };
  const segments = path.slice(1).split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    return { problem: { id: 'host.address.socketPlain' } };
  const bytes = new TextEncoder().encode(path).length;
  if (bytes > MAX_UNIX_PATH_BYTES)
    return {
      problem: {
        id: 'host.address.socketTooLong',
        values: { bytes: String(bytes), most: String(MAX_UNIX_PATH_BYTES), mac: '103' },
      },
    };
  return { kind: 'unix', path, requestPath };
}

function pipeAddress(rest: string, requestPath: string): SocketAddress | { problem: HostText } {
  const text = decoded(rest);
  if (text === undefined) return { problem: { id: 'host.address.pipeEscape' } };
  const windows = text.replace(/\//g, '\\').replace(/^\\+/, '\\\\');
  const name = PIPE_FORM.exec(windows)?.[1];
  if (!name) {
    if (/^\\\\[^\\.][^\\]*\\pipe\\/i.test(windows)) return { problem: { id: 'host.address.pipeRemote' } };
    return { problem: { id: 'host.address.pipeForm' } };
  }
  if (CONTROL.test(name)) return { problem: { id: 'host.address.pipeControl' } };
  if (name.length > MAX_PIPE_NAME)
    return { problem: { id: 'host.address.pipeTooLong', values: { most: String(MAX_PIPE_NAME) } } };
  return { kind: 'pipe', path: `\\\\.\\pipe\\${name}`, requestPath };
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** How a socket address is shown with an HTTP path on it: the configured socket, then `#` and the path. */
export function socketAddressText(address: SocketAddress, requestPath: string): string {
  const socket =
    address.kind === 'unix'
      ? `unix://${encodeURI(address.path)}`
      : `npipe:${address.path.replace(/\\/g, '/')}`;
  return requestPath === '/' ? socket : `${socket}#${requestPath}`;
}
