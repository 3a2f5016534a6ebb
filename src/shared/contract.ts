// The one contract between renderer and host: commands (validated inputs), results and events.
import { z } from 'zod';
import { serverEntrySchema, serverNameSchema } from './configSchema';
import type { ConfigView, Json, LogEntry, ServerView, ToolCallResult, WireEntry } from './types';
import { LOG_LEVELS } from './types';

const serverArg = z.strictObject({ server: serverNameSchema });

/** Every command the renderer may send, with the schema its input must pass. */
export const commandInputs = {
  'servers.list': z.strictObject({}),
  'servers.start': serverArg,
  'servers.stop': serverArg,
  'servers.restart': serverArg,
  'servers.logs': serverArg,
  'servers.wire': serverArg,
  'servers.setLogLevel': z.strictObject({ server: serverNameSchema, level: z.enum(LOG_LEVELS) }),
  'tools.call': z.strictObject({
    server: serverNameSchema,
    tool: z.string().min(1),
    args: z.record(z.string(), z.json()),
  }),
  'config.get': z.strictObject({}),
  /** Replace the whole file with this text (it must be valid). */
  'config.save': z.strictObject({ text: z.string() }),
  /** Add or replace one server; `previousName` renames. */
  'config.putServer': z.strictObject({
    name: serverNameSchema,
    entry: serverEntrySchema,
    previousName: serverNameSchema.optional(),
  }),
  'config.removeServer': z.strictObject({ name: serverNameSchema }),
  'config.setDisabled': z.strictObject({ name: serverNameSchema, disabled: z.boolean() }),
  /** Open an https link in the person's browser after they confirm. */
  'app.openExternal': z.strictObject({ url: z.url({ protocol: /^https$/ }) }),
} as const;

/** What each command answers. */
export type CommandResults = {
  'servers.list': ServerView[];
  'servers.start': null;
  'servers.stop': null;
  'servers.restart': null;
  'servers.logs': LogEntry[];
  'servers.wire': WireEntry[];
  'servers.setLogLevel': null;
  'tools.call': ToolCallResult;
  'config.get': ConfigView;
  'config.save': ConfigView;
  'config.putServer': ConfigView;
  'config.removeServer': ConfigView;
  'config.setDisabled': ConfigView;
  'app.openExternal': boolean;
};

export type CommandName = keyof typeof commandInputs;
export type CommandArgs<N extends CommandName> = z.input<(typeof commandInputs)[N]>;
export type CommandResult<N extends CommandName> = CommandResults[N];

/** Events the host pushes to the renderer. */
export type Events = {
  /** One server's whole view changed (state, info or lists). */
  'server.changed': ServerView;
  /** A server left the config. */
  'server.removed': { name: string };
  /** New log lines, batched. */
  'server.log': { server: string; entries: LogEntry[] };
  /** New wire frames, batched. */
  'server.wire': { server: string; entries: WireEntry[] };
  'config.changed': ConfigView;
};
export type EventName = keyof Events;

/** Every event name at run time; `satisfies` keeps the list complete. */
export const EVENT_NAMES = Object.keys({
  'server.changed': true,
  'server.removed': true,
  'server.log': true,
  'server.wire': true,
  'config.changed': true,
} satisfies Record<EventName, true>) as EventName[];

/** How an error crosses the boundary. */
export type HostError = { code: string; message: string };

/** What a command answers on the wire. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: HostError };

/** The renderer's whole view of the host: two calls, typed by this contract. */
export interface HostApi {
  invoke<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

/** Thrown by `HostApi.invoke` when the host answers with an error. */
export class HostCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HostCallError';
  }
}

export type { Json };
