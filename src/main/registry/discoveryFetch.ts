// Reads one discovery document (a site's MCP catalogue or a server card): https only (http on this computer), bounded in time and size, redirects only within the site.
import { isLoopbackHost } from '../../shared/remoteUrl';

/** How much a discovery read may take. */
export type DiscoveryLimits = { timeoutMs: number; maxBytes: number; maxRedirects: number };

export const DISCOVERY_LIMITS: DiscoveryLimits = { timeoutMs: 5000, maxBytes: 256 * 1024, maxRedirects: 3 };

/** A document that could not be read, in plain words. */
export class DiscoveryProblem extends Error {}

/** Why discovery may not read `url`; undefined when it may. */
export function discoveryUrlProblem(url: URL): string | undefined {
  if (url.username || url.password) return 'it carries a user name or password';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  if (url.protocol === 'http:') return 'it is plain http to another computer (only https is read)';
  return `it is a ${url.protocol} address (only https is read)`;
}

/** The JSON at `url`, or undefined when there is none (404, 410); anything else wrong is a `DiscoveryProblem`. */
export async function fetchDiscoveryJson(
  start: URL,
  accept: string,
  limits: DiscoveryLimits = DISCOVERY_LIMITS,
  base: typeof fetch = fetch,
): Promise<unknown> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = start;
  try {
    for (let redirects = 0; ; redirects++) {
      const problem = discoveryUrlProblem(url);
      if (problem) throw new DiscoveryProblem(`${url.href} was not read: ${problem}.`);
      const response = await base(url, { headers: { accept }, redirect: 'manual', signal });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const next = redirectOf(url, response);
        if (redirects >= limits.maxRedirects)
          throw new DiscoveryProblem(`${start.href} redirects too many times.`);
        url = next;
        continue;
      }
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new DiscoveryProblem(`${url.href} answered HTTP ${response.status}.`);
      }
      const type = response.headers.get('content-type') ?? '';
      if (!/\bjson\b/i.test(type)) {
        await response.body?.cancel();
        throw new DiscoveryProblem(`${url.href} is not JSON (it is ${type.split(';')[0] || 'of no type'}).`);
      }
      return parsed(url, await readCapped(url, response, limits.maxBytes));
    }
  } catch (error) {
    if (error instanceof DiscoveryProblem) throw error;
    if (signal.aborted)
      throw new DiscoveryProblem(`${url.href} did not answer within ${limits.timeoutMs / 1000} s.`);
    throw new DiscoveryProblem(`${url.href} could not be reached (${causeOf(error)}).`);
  }
}

function redirectOf(from: URL, response: Response): URL {
  const location = response.headers.get('location');
  const next = location && URL.canParse(location, from) ? new URL(location, from) : undefined;
  if (!next) throw new DiscoveryProblem(`${from.href} redirects nowhere.`);
  if (next.origin !== from.origin)
    throw new DiscoveryProblem(
      `${from.href} redirects to another site (${next.host}), which is not followed.`,
    );
  return next;
}

async function readCapped(url: URL, response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new DiscoveryProblem(`${url.href} is larger than ${maxBytes / 1024} KB.`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parsed(url: URL, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new DiscoveryProblem(`${url.href} is not valid JSON.`);
  }
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}
