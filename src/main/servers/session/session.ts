// One attempt to talk to a server: its SDK client, its transport, and a promise that rejects when it is lost.
import {
  Client,
  type ClientCapabilities,
  type ResponseCacheStore,
  type Transport,
} from '@modelcontextprotocol/client';
import type { LogLevel } from '../../../shared/types';
import { Emitter, toCaller } from '../../emitter';
import { HostFault, type HostText } from '../../errors';
import { tryStringify } from '../../json/bounded';
import type { ListName } from '../catalogue/discovery';
import type { ProcessExit } from '../transport/launcher';
import type { EraCache } from './eras';
import type { RawRequests } from './rawRequests';
import type { ServerTasks } from './serverTasks';

export type Session = {
  client: Client;
  /** The number of the start that opened it; what it reports carries this number. */
  attempt: number;
  /** Log entries after this one belong to this session. */
  firstSeq: number;
  transport?: Transport;
  /** Requests the SDK cannot decode itself (the tasks extension's). */
  raw?: RawRequests;
  /** Present when the server runs tool calls as tasks. */
  tasks?: ServerTasks;
  pid?: number;
  /** Set once the handshake is done; an end before that is the start's failure. */
  connected: boolean;
  exit?: ProcessExit;
  stderrSettled?: Promise<void>;
  closing: boolean;
  /** A request of the handshake was refused for want of a sign-in. */
  signInError?: unknown;
  /** Rejects when the session ends, so pending calls settle at once (race many calls with `unlessLost`). */
  lost: Promise<never>;
  loseWith: (error: Error) => void;
  /** Calls `listener` once when the session ends (at once if it has); returns a function that forgets it. */
  onLost: (listener: (error: Error) => void) => () => void;
};

export type ClientHooks = {
  listChanged: (lists: ListName[]) => void;
  resourceUpdated: (uri: string) => void;
  log: (level: LogLevel, logger: string | undefined, text: string) => void;
  /** `notifications/elicitation/complete`: a link's interaction finished. */
  elicitationComplete?: (elicitationId: string) => void;
};

export type ClientSettings = {
  clientInfo?: { name: string; version: string };
  capabilities?: ClientCapabilities;
  /** How long the protocol-era probe waits for an answer (5 s). */
  probeTimeoutMs?: number;
  /** Where the SDK keeps list results with their freshness hints (`ttlMs`, `cacheScope`). */
  responseCacheStore?: ResponseCacheStore;
};

/** A new session, number `attempt`, around a client built by `newClient`. */
export function newSession(client: Client, firstSeq: number, attempt = 0): Session {
  let reject: (error: Error) => void = () => {};
  const lost = new Promise<never>((_, fail) => {
    reject = fail;
  });
  // Only a request raced against the loss needs to hear of it; the loss itself is reported elsewhere.
  lost.catch(() => {});
  // Told once: a listener that comes after the loss hears of it at once.
  const losses = new Emitter<Error>(toCaller);
  let lostWith: Error | undefined;
  const loseWith = (error: Error) => {
    if (lostWith) return;
    lostWith = error;
    reject(error);
    losses.emit(error);
  };
  const onLost = (listener: (error: Error) => void) => {
    if (lostWith) {
      listener(lostWith);
      return () => {};
    }
    return losses.on(listener);
  };
  return { client, attempt, firstSeq, connected: false, closing: false, lost, loseWith, onLost };
}

/**
 * `work`, or the session's loss when that comes first. Unlike `Promise.race([work, session.lost])`, it
 * leaves nothing behind on the session once settled: a race with the long-lived `lost` keeps every
 * result it ever saw (a 9 MB tool result per call) for as long as the session lives.
 */
export function unlessLost<T>(session: Pick<Session, 'onLost'>, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const forget = session.onLost(reject);
    work.then(
      (value) => {
        forget();
        resolve(value);
      },
      (error: unknown) => {
        forget();
        reject(error);
      },
    );
  });
}

/**
 * Ends the session: what waits on it settles (with `reason`, when given), its tasks and own requests
 * end, and its client and transport close. `server` names it in the default reason.
 */
export async function closeSession(
  session: Session,
  server: string,
  reason?: string | HostText,
): Promise<void> {
  session.closing = true;
  if (reason) session.loseWith(new HostFault('not_running', reason));
  session.tasks?.close();
  session.raw?.close(
    new HostFault('not_running', reason ?? { id: 'host.servers.stopped', values: { server } }),
  );
  // While the era probe runs the client does not hold the transport yet, so close both. A close that fails
  // leaves nothing to undo: the transport is gone either way.
  await Promise.all([session.client.close().catch(() => {}), session.transport?.close().catch(() => {})]);
}

/** An SDK client that negotiates the protocol era and reports list changes, resource updates and log messages. */
export function newClient(settings: ClientSettings, hooks: ClientHooks): Client {
  // Lists are refreshed by the host at once (not debounced), so a call right after a change sees the new definition.
  const onChange = (lists: ListName[]) => ({
    autoRefresh: false,
    debounceMs: 0,
    onChanged: () => hooks.listChanged(lists),
  });
  const client = new Client(settings.clientInfo ?? { name: 'switchboard', version: '0.1.0' }, {
    capabilities: settings.capabilities ?? {},
    versionNegotiation: { mode: 'auto', probe: { timeoutMs: settings.probeTimeoutMs ?? 5000 } },
    responseCacheStore: settings.responseCacheStore,
    listChanged: {
      tools: onChange(['tools']),
      prompts: onChange(['prompts']),
      resources: onChange(['resources', 'resourceTemplates']),
    },
  });
  client.setNotificationHandler('notifications/resources/updated', (notification) =>
    hooks.resourceUpdated(notification.params.uri),
  );
  client.setNotificationHandler('notifications/elicitation/complete', (notification) =>
    hooks.elicitationComplete?.(notification.params.elicitationId),
  );
  client.setNotificationHandler('notifications/message', (notification) => {
    const { level, logger, data } = notification.params;
    hooks.log(
      level,
      logger,
      typeof data === 'string' ? data : (tryStringify(data) ?? '[data too large to show]'),
    );
  });
  return client;
}

/** Connects the session's client over `transport`, using and updating what is remembered of the server's era. */
export async function connectClient(
  session: Session,
  transport: Transport,
  eras: EraCache,
  key: string,
  timeoutMs: number,
): Promise<void> {
  const prior = eras.get(key);
  try {
    await session.client.connect(transport, { prior, timeout: timeoutMs });
  } catch (error) {
    if (prior?.kind === 'modern') eras.set(key, undefined);
    throw error;
  }
  const client = session.client;
  const discover = client.getDiscoverResult();
  eras.set(
    key,
    client.getProtocolEra() === 'modern' && discover ? { kind: 'modern', discover } : { kind: 'legacy' },
  );
}
