// One-line summaries of JSON-RPC frames, pairing responses with the method of their request.
import type { Json, WireEntry } from '../../../../shared/types';
import { type MessageValues, translate } from '../../i18n';

type JsonObject = { [key: string]: Json };

function asObject(value: Json): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
}

function idText(id: Json | undefined): string {
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '?';
}

/** Maps `direction:id` of each request to its method, so a response can name it. */
export function requestMethods(entries: readonly WireEntry[]): Map<string, string> {
  const methods = new Map<string, string>();
  for (const entry of entries) {
    const message = asObject(entry.message);
    if (message && typeof message.method === 'string' && message.id !== undefined) {
      methods.set(`${entry.direction}:${idText(message.id)}`, message.method);
    }
  }
  return methods;
}

/** `tools/list (id 3)`, `notifications/message`, `result of tools/list (id 3)`, `error -32601: …`, `HTTP POST … → 200`. */
export function summarize(
  entry: WireEntry,
  methods: ReadonlyMap<string, string>,
  t: (id: string, values?: MessageValues) => string = translate,
): string {
  if (entry.http) {
    const { method, url, status, error } = entry.http;
    if (status !== undefined) return `HTTP ${method} ${url} → ${status}`;
    return t('logs.wire.httpFailed', {
      method,
      url,
      error: error ?? t('logs.wire.noAnswer'),
    });
  }
  const message = asObject(entry.message);
  if (!message)
    return Array.isArray(entry.message)
      ? t('logs.wire.batch', { count: entry.message.length })
      : t('logs.wire.notObject');
  const id = message.id === undefined ? undefined : idText(message.id);
  if (typeof message.method === 'string')
    return id === undefined ? message.method : t('logs.wire.request', { method: message.method, id });
  const opposite = entry.direction === 'in' ? 'out' : 'in';
  const method = id === undefined ? undefined : methods.get(`${opposite}:${id}`);
  const error = message.error === undefined ? null : asObject(message.error);
  if (error) {
    const code = typeof error.code === 'number' ? String(error.code) : '';
    const text = typeof error.message === 'string' ? error.message : '';
    return t('logs.wire.error', {
      code,
      hasCode: code ? 'yes' : 'no',
      method: method ?? '',
      hasMethod: method ? 'yes' : 'no',
      id: id ?? '?',
      text,
      hasText: typeof error.message === 'string' ? 'yes' : 'no',
    });
  }
  return t('logs.wire.result', {
    method: method ?? '',
    hasMethod: method ? 'yes' : 'no',
    id: id ?? '?',
  });
}
