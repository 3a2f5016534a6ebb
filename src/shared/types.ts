// Plain data shapes shared by the host and the renderer (no Node, no DOM); entries and tools live in their own modules.
import type { HostText } from './hostText';
import type { SandboxView } from './sandbox';
import type { ServerEntry } from './serverEntry';
import type { ToolView } from './tools';

export * from './serverEntry';
export * from './tools';

/** A JSON value as it crosses the host boundary. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Why a connection is in `error`. */
export type ConnectionFailure = {
  /** In English, for logs and tests; the page shows `text` in the person's language where it is set. */
  message: string;
  text?: HostText;
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
  | { kind: 'restarting'; attempt: number; lastFailure?: ConnectionFailure }
  /** A remote server answered 401 and there is no usable token: the person signs in (never by surprise). */
  | { kind: 'sign-in-required'; message: string; text?: HostText };

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

/** A remote server's sign-in as the person may see it: never a token. */
export type AuthView = {
  /** `signing-in` while a sign-in page is open in the browser. */
  status: 'signed-in' | 'signing-in' | 'signed-out';
  /** Who the token says it belongs to, where it says so (not verified by Switchboard). */
  account?: string;
  /** When the access token expires (epoch ms), where the server said. */
  expiresAt?: number;
  /** Whether a refresh token is kept, so an expired access token is renewed without the person. */
  refreshable?: boolean;
  scopes?: string[];
  /** The authorization server's origin. */
  authorizationServer?: string;
  /** Scopes a request needed beyond those granted; signing in again asks for them. */
  moreScopes?: string[];
  /** Why the last sign-in did not finish, in plain words (English; `problemText` in the person's language). */
  problem?: string;
  problemText?: HostText;
};

/** What the person confirms before a sign-in page opens: whose page it is and what it asks for. */
export type SignInPrompt = {
  server: string;
  /** The authorization server's origin. */
  authorizationServer: string;
  scopes: string[];
  /** The page to open (https, or http on this machine). */
  url: string;
};

/** A `${input:…}` value an entry uses, and whether one is stored. */
/** A value an entry uses; `description` as in `InputRequest`. */
export type InputUse = { id: string; description?: string; descriptionText?: HostText; stored: boolean };

/** Everything the person can see of one configured server. */
export type ServerView = {
  name: string;
  /** The entry as configured, with header values and client secrets masked. */
  entry: ServerEntry;
  /** `stdio`, `http`, `sse`, or `auto` for a remote entry without a type. */
  transport: 'stdio' | 'http' | 'sse' | 'auto';
  /** For a remote server: the transport its current (or last) connection used. */
  connectedVia?: 'http' | 'sse';
  auth?: AuthView;
  inputs?: InputUse[];
  state: ConnectionState;
  /** Set when the server may not run: waiting for the person's approval, refused by them, or blocked by the organisation's policy. */
  approval?: 'waiting' | 'denied' | 'blocked';
  /** Set when its entry in config.json has an error: the server is listed with it and never starts. */
  configProblem?: ConfigProblem;
  /** Whether its process runs in the sandbox, and what it sees there; absent where the host does not sandbox. */
  sandbox?: SandboxView;
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
   * Set while the lists and details shown are the ones saved from the server's last start (first saved
   * at this time, epoch ms: a start that lists the same leaves them as they are), because its live ones
   * have not arrived yet (or it is not running).
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

/** One JSON-RPC frame on a server's wire, or one HTTP request of a remote server (secrets masked). */
export type WireEntry = {
  seq: number;
  time: number;
  direction: 'out' | 'in';
  /** The frame; for a capped one, only its outline (`jsonrpc`, `id`, `method`, `error`). */
  message: Json;
  /** Set when the frame was too large to keep whole in the log. */
  capped?: CappedFrame;
  /** Set for an HTTP request row; `message` then holds its request and response headers. */
  http?: { method: string; url: string; status?: number; error?: string };
};

/** A frame kept only in part: its size, the start of its text, and (while the host keeps it) an id to fetch it whole. */
export type CappedFrame = { size: number; preview: string; id?: string };

/** Where the config lives and whether it can be used. */
export type ConfigView = {
  path: string;
  /** The file's text as it is on disk ('' when there is none yet). */
  text: string;
  /** Names this text; a whole-file save sends it back, and is refused if the file changed since. */
  version: string;
  /** Set when the file cannot be used; the app keeps running on the last good servers. */
  problem?: ConfigProblem;
  /** The server entries that cannot be used, each with its reason (the others run). */
  entryProblems?: EntryProblem[];
};

/** A server entry of config.json that cannot be used: listed with its reason, never started or approved. */
export type EntryProblem = { name: string; problem: ConfigProblem };

export type ConfigProblem = {
  /** In English (logs, terminal, older pages). */
  message: string;
  /** `message` by id in the host catalogue, for the page to say in the person's language. */
  text?: HostText;
  line?: number;
  column?: number;
  /** The JSON path of the offending field, e.g. `mcpServers.files.command`. */
  field?: string;
};
