// Shapes of permissions, the audit log and write previews, shared by the host and the renderer.
import type { FlowHold, FlowMark, ReviewState } from './flow';
import type { GrantScope } from './grantScope';
import type { Json } from './types';

export type { GrantScope } from './grantScope';

export const GRANT_SCOPES = [
  'always',
  'conversation',
  'server-conversation',
  'read-only',
  'app-only',
  'view',
  'sandboxed',
] as const;

/** A remembered permission as the renderer sees it (never the definitions it was given for). */
export type Grant = {
  id: string;
  scope: GrantScope;
  server: string;
  /** The tool, for `always` and `conversation`. */
  tool?: string;
  /** Every tool the grant covers, each pinned to its definition as it was when granted. */
  tools: string[];
  /** The conversation, for `conversation` and `server-conversation`. */
  conversationId?: string;
  /** What the server was when granted: a hash of its whole launch (command, args, cwd, env; or URL and headers). */
  serverIdentity: string;
  /** The hash of the tool's definition, for a grant of one tool. */
  definitionHash?: string;
  grantedAt: number;
};

/** How a call came to run, or not: the person's answer, a remembered permission, or a denial. */
export type ToolDecision =
  | 'once'
  | 'conversation'
  | 'server-conversation'
  | 'always'
  | 'view'
  | 'granted'
  | 'denied';

/** What the person can answer to a tool call (`view`: this view's calls of the tool, while it is open). */
export type ConsentDecision = 'once' | 'conversation' | 'server-conversation' | 'always' | 'view' | 'deny';

export const CONSENT_DECISIONS = [
  'once',
  'conversation',
  'server-conversation',
  'always',
  'view',
  'deny',
] as const;

/** One tool call the model (or an app view) asked for, what was decided and how it ended. */
export type ToolAuditEntry = {
  kind?: 'tool';
  time: number;
  conversationId: string;
  server: string;
  tool: string;
  /** The arguments the call was run with (or would have been). */
  args: Json;
  /** Present when the person edited the arguments: what the model (or view) asked for. */
  modelArgs?: Json;
  /** `unanswered` when the call ended before the person decided; `run-by-you` for a run from a server's Tools tab. */
  decision: ToolDecision | 'unanswered' | 'run-by-you';
  /** Which remembered permission let it run, when `decision` is `granted`. */
  grant?: GrantScope;
  /** Set when an app view asked for the call: the tool whose view it is. */
  viaView?: string;
  /** Set when the tool was one an open view offered the model: the tool whose view it is. */
  ofView?: string;
  /** Set when the call was held for the person whatever grant covered it, and why. */
  hold?: FlowHold;
  /** Set when its result was shown to the person before the model: what they chose. */
  review?: ReviewState;
  outcome: 'done' | 'failed' | 'denied' | 'cancelled';
};

/** Private data or outside content entered a conversation (flow-aware consent). */
export type ExposureAuditEntry = {
  kind: 'exposure';
  time: number;
  conversationId: string;
  server: string;
  /** The tool, resource or view it came from. */
  what: string;
  via: FlowMark['via'];
  decision: FlowMark['kind'];
  outcome: 'recorded';
};

/** A server's sampling request: whether the person approved it, and what went back. */
export type SamplingAuditEntry = {
  kind: 'sampling';
  time: number;
  server: string;
  /** `auto` when a session budget ran it without asking. */
  decision: 'approved' | 'auto' | 'rejected' | 'unanswered';
  outcome: 'sent' | 'rejected' | 'cancelled';
  model?: string;
  /** The last message the server sent, cut to a few thousand characters. */
  request: string;
  /** True when the person changed the request before it ran. */
  requestEdited: boolean;
  /** What went back to the server, cut to a few thousand characters. */
  response?: string;
  /** True when the person changed the model's response before it went back. */
  responseEdited: boolean;
};

/** A server's request for information: the person's answer (field names only, never values). */
export type ElicitationAuditEntry = {
  kind: 'elicitation';
  time: number;
  server: string;
  mode: 'form' | 'url';
  message: string;
  url?: string;
  decision: 'accept' | 'decline' | 'cancel' | 'unanswered';
  outcome: 'answered' | 'cancelled';
  /** The fields sent back, by name; their values are not kept. */
  fields?: string[];
};

export type AuditEntry = ToolAuditEntry | SamplingAuditEntry | ElicitationAuditEntry | ExposureAuditEntry;

/** What writing a file would do to the file there now, as the host read it inside the shared folders. */
export type WritePreview =
  /** The arguments name no file inside a shared folder, with content. */
  | { kind: 'none' }
  | { kind: 'new'; path: string }
  | { kind: 'replace'; path: string; current: string }
  /**
   * The file cannot be shown (outside the folders, through a link, a folder, too large, binary,
   * unreadable); `offer` names folders the server's arguments name, not shared with it, that hold it.
   */
  | { kind: 'unavailable'; path: string; reason: string; offer?: string[] };
