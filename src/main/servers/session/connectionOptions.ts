// What a connection is told by the host: client identity, timings, restarts, and the hooks of other rooms.
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import type { SandboxView } from '../../../shared/sandbox';
import type { ServerRunState } from '../../../shared/serverApprovals';
import type { InputUse, ServerEntry, StdioServerEntry } from '../../../shared/types';
import type { PayloadStore } from '../../payloads/payloadStore';
import type { AuthSettings } from '../auth/serverAuth';
import type { CatalogueCache } from '../catalogue/catalogueCache';
import type { FilledEnv } from '../references/entryReferences';
import type { BuiltinScripts } from '../transport/builtin';
import type { RemoteOptions } from '../transport/http';
import type { Launcher } from '../transport/launcher';
import type { EraCache } from './eras';
import type { RestartOptions } from './restarts';
import type { TaskInput } from './serverTasks';

const DEFAULT_INIT_TIMEOUT_MS = 30_000;

/** Where local servers run in a sandbox: each start's launcher wrapped, and how the server runs, for its view. */
export type SandboxHooks = {
  launcher(name: string, entry: StdioServerEntry, local: (entry: StdioServerEntry) => Launcher): Launcher;
  view(name: string, entry: ServerEntry): SandboxView | undefined;
};

export type ConnectionOptions = RestartOptions & {
  clientInfo?: { name: string; version: string };
  /** How long connecting and discovering may take. */
  initTimeoutMs?: number;
  /** How long a tool call may go without an answer or progress (60 s). */
  callTimeoutMs?: number;
  eraCache?: EraCache;
  capabilities?: ClientCapabilities;
  /** Where the built-in servers' scripts are (see builtin.ts). */
  builtinScripts?: BuiltinScripts;
  /** Lets other parts of the host answer this server's requests (sampling, elicitation, roots). */
  onClientCreated?: (client: Client, server: string) => void;
  /** Fills `${input:…}` and `${env:…}` in a local server's environment when it starts. */
  fillEnv?: (server: string, env: Readonly<Record<string, string>>) => Promise<FilledEnv>;
  /** What a remote entry's launcher is given (filled-in variables, its OAuth client). */
  remote?: (name: string, entry: ServerEntry) => RemoteOptions;
  /** The values kept for a server that its entry uses, for the view. */
  inputUses?: (server: string, entry: ServerEntry) => InputUse[];
  /** Where remote servers' sign-ins keep their credentials and open their pages. */
  auth?: AuthSettings;
  /** Keeps whole copies of large protocol frames for a while (their log entries keep only a preview). */
  frames?: PayloadStore;
  /** Where each server's last catalogue is kept, to show it before the server answers. */
  catalogueCache?: CatalogueCache;
  /** Told when the server says a link it asked the person to open is done with. */
  onElicitationComplete?: (server: string, elicitationId: string) => void;
  /** Answers a task's request for input (elicitation, sampling, roots) like the server's own requests. */
  taskInput?: (server: string, request: TaskInput, signal?: AbortSignal) => Promise<unknown>;
  /** Runs local servers in the sandbox; without it they run as the user. */
  sandbox?: SandboxHooks;
  /** Whether the person approved what the entry runs; a server that is not approved never starts (all are when absent). */
  approval?: (server: string, entry: ServerEntry) => ServerRunState;
};

/** How long connecting and discovering may take (30 s unless the host says otherwise). */
export function initTimeoutOf(options: ConnectionOptions): number {
  return options.initTimeoutMs ?? DEFAULT_INIT_TIMEOUT_MS;
}
