// HostClient over the browser-mode WebSocket: request ids, event frames, reconnect with backoff.
import {
  closeName,
  closeReason,
  type EventFrame,
  MAX_FRAME_BYTES,
  MAX_FRAME_MB,
  socketProtocols,
  type WsReply,
  type WsRequest,
} from '../../../shared/channels';
import type { CommandArgs, CommandName, CommandResult, EventName, Events } from '../../../shared/contract';
import type { HostCallError } from '../../../shared/hostCallError';
import { translate } from '../i18n';
import { pageError, unwrapReply } from './reply';
import type { HostClient, LinkStatus } from './types';

/** Close codes a host may use to say the token or origin was refused. */
const REFUSED_CODES = new Set([1008, 4001, 4003, 4401, 4403]);
const BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000];
/** Failed handshakes while the page's own server answers: the token is not accepted any more. */
const REFUSALS_BEFORE_GIVING_UP = 2;

export type WsClientOptions = {
  /** `ws(s)://host/path` of the host's socket. */
  url: string;
  /** The run's token (from the page's address), offered as a socket subprotocol; null when the page has none. */
  token: string | null;
  /** A same-origin URL that answers while the host's web server is up. */
  probeUrl: string;
};

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

function isReplyFrame(frame: unknown): frame is WsReply {
  return typeof frame === 'object' && frame !== null && 'id' in frame && 'reply' in frame;
}

function isEventFrame(frame: unknown): frame is EventFrame {
  return typeof frame === 'object' && frame !== null && 'event' in frame && typeof frame.event === 'string';
}

async function serverAnswers(probeUrl: string): Promise<boolean> {
  try {
    const response = await fetch(probeUrl, { method: 'HEAD', cache: 'no-store' });
    return response.status < 500;
  } catch {
    return false;
  }
}

/** True when `text` is more than the host takes in one frame (it would close the socket). */
function tooLarge(text: string): boolean {
  // UTF-8 takes at most three bytes per UTF-16 unit; count exactly only when that bound is over.
  return text.length * 3 > MAX_FRAME_BYTES && new TextEncoder().encode(text).length > MAX_FRAME_BYTES;
}

/** Connects at once and keeps reconnecting until the token is refused. */
export function createWsClient(options: WsClientOptions): HostClient {
  let status: LinkStatus = options.token ? 'connecting' : 'unauthorized';
  let socket: WebSocket | null = null;
  let nextId = 1;
  let attempt = 0;
  let refusals = 0;
  let everOpened = false;
  const pending = new Map<number, Pending>();
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>();
  const statusListeners = new Set<(status: LinkStatus) => void>();

  const setStatus = (next: LinkStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const rejectAll = (error: HostCallError) => {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  };

  const onFrame = (data: unknown) => {
    if (typeof data !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (isReplyFrame(frame)) {
      const entry = pending.get(frame.id);
      if (!entry) return;
      pending.delete(frame.id);
      try {
        entry.resolve(unwrapReply(frame.reply));
      } catch (error) {
        entry.reject(error instanceof Error ? error : new Error(String(error)));
      }
    } else if (isEventFrame(frame)) {
      for (const listener of eventListeners.get(frame.event) ?? []) listener(frame.payload);
    }
  };

  const scheduleReconnect = () => {
    const base = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 8000;
    attempt += 1;
    setTimeout(connect, base + Math.round(Math.random() * base * 0.2));
  };

  const onClosed = async (code: number, reason: string, opened: boolean) => {
    socket = null;
    // A refusal the host words by its code is said in the page's language; other words as the host wrote them.
    const known = closeName(code);
    const refused =
      known && (!reason || reason === closeReason(code))
        ? translate('common.host.closeReason', { code: known, limit: MAX_FRAME_MB })
        : reason;
    rejectAll(
      pageError(
        'disconnected',
        refused ? { id: 'common.host.closed', values: { reason: refused } } : { id: 'common.host.lost' },
      ),
    );
    if (REFUSED_CODES.has(code)) {
      setStatus('unauthorized');
      return;
    }
    setStatus(everOpened ? 'reconnecting' : 'connecting');
    if (!opened && (await serverAnswers(options.probeUrl))) {
      refusals += 1;
      if (refusals >= REFUSALS_BEFORE_GIVING_UP) {
        setStatus('unauthorized');
        return;
      }
    } else if (opened) {
      refusals = 0;
    }
    scheduleReconnect();
  };

  function connect() {
    const token = options.token;
    if (!token || status === 'unauthorized') return;
    let opened = false;
    const ws = new WebSocket(options.url, socketProtocols(token));
    socket = ws;
    ws.onopen = () => {
      opened = true;
      everOpened = true;
      attempt = 0;
      refusals = 0;
      setStatus('connected');
    };
    ws.onmessage = (message) => onFrame(message.data);
    // The close event that follows every error says what happened.
    ws.onerror = () => {};
    ws.onclose = (event) => void onClosed(event.code, event.reason, opened);
  }

  connect();

  return {
    get status() {
      return status;
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    invoke<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N>> {
      const ws = socket;
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        return Promise.reject(pageError('disconnected', { id: 'common.host.notConnected' }));
      }
      const id = nextId++;
      const request: WsRequest = { id, name, args };
      const text = JSON.stringify(request);
      if (tooLarge(text)) {
        return Promise.reject(
          pageError('too_large', {
            id: 'common.host.tooLarge',
            values: {
              reason: translate('common.host.closeReason', { code: 'tooLarge', limit: MAX_FRAME_MB }),
            },
          }),
        );
      }
      return new Promise<CommandResult<N>>((resolve, reject) => {
        pending.set(id, { resolve: (value) => resolve(value as CommandResult<N>), reject });
        try {
          ws.send(text);
        } catch (error) {
          pending.delete(id);
          reject(
            pageError('disconnected', { id: 'common.host.sendFailed', values: { error: String(error) } }),
          );
        }
      });
    },
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
      const wrapped = (payload: unknown) => listener(payload as Events[E]);
      let set = eventListeners.get(event);
      if (!set) {
        set = new Set();
        eventListeners.set(event, set);
      }
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
}
