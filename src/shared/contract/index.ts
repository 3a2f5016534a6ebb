// The one contract between renderer and host: every domain's commands (validated inputs and results) and events, merged.
import type { z } from 'zod';
import type { Json } from '../types';
import * as approvals from './approvals';
import * as apps from './apps';
import * as chat from './chat';
import * as config from './config';
import * as consent from './consent';
import * as flow from './flow';
import * as registry from './registry';
import * as requests from './requests';
import * as resources from './resources';
import * as roots from './roots';
import * as sandbox from './sandbox';
import * as servers from './servers';
import * as settings from './settings';
import * as skills from './skills';
import { merge, type PayloadOf, type ResultOf } from './spec';
import * as tasks from './tasks';

/** Every command, by name: its input schema and its result. A name two domains declare does not compile, nor load. */
const commandSpecs = merge({
  servers: servers.commands,
  config: config.commands,
  tasks: tasks.commands,
  chat: chat.commands,
  consent: consent.commands,
  flow: flow.commands,
  resources: resources.commands,
  requests: requests.commands,
  apps: apps.commands,
  approvals: approvals.commands,
  roots: roots.commands,
  sandbox: sandbox.commands,
  settings: settings.commands,
  registry: registry.commands,
  skills: skills.commands,
});

/** Every event the host pushes to the renderer, by name. */
const eventSpecs = merge({
  servers: servers.events,
  config: config.events,
  tasks: tasks.events,
  chat: chat.events,
  consent: consent.events,
  flow: flow.events,
  resources: resources.events,
  requests: requests.events,
  approvals: approvals.events,
  roots: roots.events,
  settings: settings.events,
  skills: skills.events,
});

type CommandSpecs = typeof commandSpecs;
export type CommandName = keyof CommandSpecs;

/** Every command the renderer may send, with the schema its input must pass: the one allowlist. */
export const commandInputs = Object.fromEntries(
  Object.entries(commandSpecs).map(([name, spec]) => [name, spec.input]),
) as { readonly [N in CommandName]: CommandSpecs[N]['input'] };

/** What each command answers. */
export type CommandResults = { [N in CommandName]: ResultOf<CommandSpecs[N]> };

export type CommandArgs<N extends CommandName> = z.input<(typeof commandInputs)[N]>;
export type CommandResult<N extends CommandName> = CommandResults[N];

/** The page a command came from, for commands about that page alone (which events it wants). */
export type CommandCaller = {
  /** Turns `server.wire` events for `server` on or off for this page. */
  watchWire(server: string, on: boolean): void;
};

/** What the host implements: one async handler per command, given the validated input and (from a transport) its page. */
export type CommandHandlers = {
  [N in CommandName]: (args: CommandArgs<N>, caller?: CommandCaller) => Promise<CommandResult<N>>;
};

/** Events the host pushes to the renderer, by name, with what each carries. */
export type Events = { [E in keyof typeof eventSpecs]: PayloadOf<(typeof eventSpecs)[E]> };
export type EventName = keyof Events;

/** Every event name at run time, taken from the domains' own declarations. */
export const EVENT_NAMES = Object.keys(eventSpecs) as EventName[];

/** The renderer's whole view of the host: two calls, typed by this contract. */
export interface HostApi {
  invoke<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

export { HostCallError, type HostError, type Reply } from '../hostCallError';
export { contextItemSchema, toolSelectionSchema } from './chat';
export { type InstructionsView, providerInputSchema } from './settings';
export type { Json };
