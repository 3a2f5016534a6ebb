// Plain data shapes shared by the host and the renderer (no Node, no DOM).

/** A JSON value as it crosses the host boundary. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** How one server entry of config.json looks (Claude Desktop compatible, plus remote entries). */
export type StdioServerEntry = {
  type?: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  disabled?: boolean;
  /** `false`: started on first use instead of at launch. */
  autoStart?: boolean;
};
export type RemoteServerEntry = {
  type: 'http' | 'sse';
  url: string;
  headers?: Record<string, string>;
  disabled?: boolean;
  autoStart?: boolean;
};
export type ServerEntry = StdioServerEntry | RemoteServerEntry;

/** Why a connection is in `error`. */
export type ConnectionFailure = {
  message: string;
  exitCode?: number | null;
  signal?: string | null;
  stderrTail: string[];
  /** Failures in a row so far. */
  failures?: number;
  /** When the next automatic restart happens (epoch ms), if one is planned. */
  retryAt?: number;
  /** True once automatic restarts have stopped after repeated failures. */
  gaveUp?: boolean;
};

export type ConnectionState =
  | { kind: 'stopped' }
  | { kind: 'starting' }
  | { kind: 'running'; since: number }
  | { kind: 'error'; error: ConnectionFailure }
  | { kind: 'restarting'; attempt: number };

export type ConnectionStateKind = ConnectionState['kind'];

export type Icon = { src: string; mimeType?: string; sizes?: string[]; theme?: 'light' | 'dark' };

export type ServerInfo = {
  name: string;
  title?: string;
  version: string;
  description?: string;
  websiteUrl?: string;
  icons?: Icon[];
};

export type ToolAnnotations = {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

export type ToolView = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { [key: string]: Json };
  outputSchema?: { [key: string]: Json };
  annotations?: ToolAnnotations;
  icons?: Icon[];
};

export type PromptArgumentView = { name: string; title?: string; description?: string; required?: boolean };
export type PromptView = {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgumentView[];
  icons?: Icon[];
};

export type ResourceView = {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  icons?: Icon[];
};

export type ResourceTemplateView = {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: Icon[];
};

/** Everything the person can see of one configured server. */
export type ServerView = {
  name: string;
  entry: ServerEntry;
  /** `stdio`, `http` or `sse`. */
  transport: 'stdio' | 'http' | 'sse';
  state: ConnectionState;
  pid?: number;
  info?: ServerInfo;
  instructions?: string;
  capabilities?: { [key: string]: Json };
  protocolVersion?: string;
  era?: 'legacy' | 'modern';
  logLevel?: LogLevel;
  tools: ToolView[];
  prompts: PromptView[];
  resources: ResourceView[];
  resourceTemplates: ResourceTemplateView[];
  /**
   * Set while the lists and details shown are the ones saved when the server last ran (at this
   * time, epoch ms), because its live ones have not arrived yet (or it is not running).
   */
  cachedAt?: number;
};

export const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** One line of a server's log: its stderr, stray stdout, a `notifications/message`, or a note of the host's. */
export type LogEntry = {
  seq: number;
  time: number;
  source: 'stderr' | 'stdout' | 'notification' | 'host';
  level: LogLevel;
  logger?: string;
  text: string;
};

/** One JSON-RPC frame on a server's wire. */
export type WireEntry = {
  seq: number;
  time: number;
  direction: 'out' | 'in';
  message: Json;
};

/** Content blocks a tool result may carry. */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | {
      type: 'resource';
      resource: { uri: string; mimeType?: string; text?: string; blob?: string };
    }
  | {
      type: 'resource_link';
      uri: string;
      name: string;
      title?: string;
      description?: string;
      mimeType?: string;
    };

export type ToolCallResult = {
  content: ContentBlock[];
  structuredContent?: Json;
  isError?: boolean;
};

/** Where the config lives and whether it can be used. */
export type ConfigView = {
  path: string;
  /** The file's text as it is on disk ('' when there is none yet). */
  text: string;
  /** Set when the file cannot be used; the app keeps running on the last good servers. */
  problem?: ConfigProblem;
};

export type ConfigProblem = {
  message: string;
  line?: number;
  column?: number;
  /** The JSON path of the offending field, e.g. `mcpServers.files.command`. */
  field?: string;
};

export function isRemoteEntry(entry: ServerEntry): entry is RemoteServerEntry {
  return entry.type === 'http' || entry.type === 'sse';
}
