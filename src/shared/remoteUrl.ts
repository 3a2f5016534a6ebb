// Which addresses a remote server may have: https anywhere, plain http only to this machine, or a local socket.
import type { HostText } from './hostText';
import { isSocketAddress, socketAddressProblem } from './socketAddress';

const VARIABLE = /\$\{[^}]*\}/g;

/** True for `localhost`, `127.x.x.x` and `::1`: names that never leave this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/** True when `text` holds a `${env:…}` or `${input:…}` reference. */
export function hasVariables(text: string): boolean {
  return /\$\{[^}]*\}/.test(text);
}

/**
 * Why `url` cannot be a remote server's address, in plain words; undefined when it can.
 * Parts written as `${env:…}` or `${input:…}` are checked once they are filled in, at connect time.
 */
export function remoteUrlProblem(url: string): HostText | undefined {
  if (isSocketAddress(url)) return socketAddressProblem(url);
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(url)?.[1]?.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return { id: 'host.address.scheme' };
  const authority = url.slice(scheme.length + 3).split(/[/?#]/, 1)[0] ?? '';
  let parsed: URL;
  try {
    parsed = new URL(url.replace(VARIABLE, 'x'));
  } catch {
    return { id: 'host.address.invalid' };
  }
  if (scheme === 'https' || hasVariables(authority)) return undefined;
  if (isLoopbackHost(parsed.hostname)) return undefined;
  return { id: 'host.address.plainHttp', values: { host: parsed.hostname } };
}
