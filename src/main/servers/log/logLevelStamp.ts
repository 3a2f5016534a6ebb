// The log level of a 2026-07-28 server, which is set per request: stamped into every request's `_meta`.
import type { Transport } from '@modelcontextprotocol/client';
import type { LogLevel } from '../../../shared/types';

/** The `_meta` key of the 2026-07-28 per-request log level. */
export const LOG_LEVEL_META = 'io.modelcontextprotocol/logLevel';

/**
 * Patches `send` on this one transport so each outgoing request carries `level()` (when it gives
 * one) in `params._meta`. Install it after `tapWire`, so the protocol log shows what was sent.
 */
export function stampLogLevel(transport: Transport, level: () => LogLevel | undefined): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const current = level();
    const request = message as { id?: unknown; method?: unknown; params?: Record<string, unknown> };
    if (!current || request.id === undefined || typeof request.method !== 'string')
      return send(message, options);
    const params = request.params ?? {};
    const meta = (params._meta as Record<string, unknown> | undefined) ?? {};
    return send(
      { ...message, params: { ...params, _meta: { ...meta, [LOG_LEVEL_META]: current } } } as typeof message,
      options,
    );
  };
}
