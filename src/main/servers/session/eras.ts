// What is remembered of each server's negotiated protocol era, so a later connect need not probe again.
import type { PriorDiscovery } from '@modelcontextprotocol/client';

export interface EraCache {
  get(key: string): PriorDiscovery | undefined;
  set(key: string, prior: PriorDiscovery | undefined): void;
}

/** An era cache for one run (the host keeps a file-backed one). */
export class MemoryEraCache implements EraCache {
  private readonly entries = new Map<string, PriorDiscovery>();
  get(key: string) {
    return this.entries.get(key);
  }
  set(key: string, prior: PriorDiscovery | undefined) {
    if (prior) this.entries.set(key, prior);
    else this.entries.delete(key);
  }
}

/** The 2026-07-28 error for a protocol version the server does not speak (`UnsupportedProtocolVersionError`). */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** True when `error`, along its causes, is the server refusing the protocol version it was asked in. */
export function isVersionRefused(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth++) {
    if ((current as { code?: unknown }).code === UNSUPPORTED_PROTOCOL_VERSION) return true;
    // Over HTTP the refusal arrives as the body of a 400 answer.
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && message.includes(`"code":${UNSUPPORTED_PROTOCOL_VERSION}`))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
