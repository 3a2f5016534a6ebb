// Words, order and filters for the permissions view: scopes of grants, decisions and outcomes of every audit entry.
import type { AuditEntry, ExposureAuditEntry, Grant, GrantScope } from '../../../../../shared/consent';

/** The first 12 hex digits of a definition hash. */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A time in the person's locale and time zone, e.g. `3 Mar 2026, 14:03:22`. */
export function localTime(epochMs: number): string {
  return when.format(epochMs);
}

export const SCOPE_LABEL: Record<GrantScope, string> = {
  always: 'Always',
  conversation: 'In one conversation',
  'server-conversation': 'All of the server’s tools, in one conversation',
  'read-only': 'Tools the server marks read-only (its claim, trusted)',
  'app-only': 'Tools only the server’s views may call, from its views',
  view: 'One tool, for the calls of one open view',
  sandboxed: 'All of the server’s tools, while it is sandboxed with no network',
};

const SCOPE_ORDER: Record<GrantScope, number> = {
  sandboxed: -1,
  'read-only': 0,
  'app-only': 1,
  always: 2,
  'server-conversation': 3,
  conversation: 4,
  view: 5,
};

/** The tools a grant covers, e.g. `greet` or `list_files, read_file`. */
export function grantCovers(grant: Grant): string {
  if (grant.tool) return grant.tool;
  return grant.tools.length === 0 ? 'no tools' : grant.tools.join(', ');
}

/** A grant in one phrase, for its Revoke button: `greet on chat in “Trip”`. */
export function grantPhrase(grant: Grant, conversationTitle?: string): string {
  const what =
    grant.scope === 'read-only'
      ? `the read-only tools of ${grant.server}`
      : grant.scope === 'app-only'
        ? `the view-only tools of ${grant.server}`
        : grant.scope === 'sandboxed'
          ? `all tools of ${grant.server} while sandboxed with no network`
          : grant.scope === 'server-conversation'
            ? `all tools of ${grant.server}`
            : `${grantCovers(grant)} on ${grant.server}`;
  if (grant.conversationId === undefined) return what;
  return `${what} in “${conversationTitle ?? 'a conversation'}”`;
}

/** Grants by server, then scope (widest first), then tool. */
export function sortGrants(grants: readonly Grant[]): Grant[] {
  return [...grants].sort(
    (a, b) =>
      a.server.localeCompare(b.server) ||
      SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope] ||
      grantCovers(a).localeCompare(grantCovers(b)),
  );
}

/** What an audit entry is about: the tool's name, or the kind of server request. */
export function auditSubject(entry: AuditEntry): string {
  if (entry.kind === 'sampling') return 'sampling request';
  if (entry.kind === 'elicitation') return 'request for information';
  if (entry.kind === 'exposure') return entry.what;
  return entry.tool;
}

const TOOL_DECISIONS: Record<string, string> = {
  once: 'allowed once',
  conversation: 'allowed for the conversation',
  'server-conversation': 'allowed, with the server’s tools, for the conversation',
  always: 'always allowed',
  view: 'allowed for the view',
  denied: 'denied',
  unanswered: 'not answered',
  'run-by-you': 'run by you from the Tools tab',
};

const GRANTED: Record<GrantScope, string> = {
  always: 'allowed by an earlier “Always allow”',
  conversation: 'allowed by your permission for the conversation',
  'server-conversation': 'allowed by your permission for the server’s tools in the conversation',
  'read-only': 'allowed as read-only (the server’s claim, trusted)',
  'app-only': 'allowed as a view-only tool called by its view',
  view: 'allowed by your permission for the view',
  sandboxed: 'allowed: the server runs sandboxed with no network, and you let its tools run without asking',
};

const EXPOSURE_WORDS: Record<ExposureAuditEntry['decision'], string> = {
  'private-data': 'read private data',
  'outside-content': 'took in outside content',
  skill: 'follows a skill from a server',
};

/** How the entry was decided, in words. */
export function decisionLabel(entry: AuditEntry): string {
  if (entry.kind === 'sampling') {
    return {
      approved: 'approved by you',
      auto: 'run within the session budget',
      rejected: 'rejected',
      unanswered: 'not answered',
    }[entry.decision];
  }
  if (entry.kind === 'elicitation') {
    return { accept: 'answered', decline: 'declined', cancel: 'dismissed', unanswered: 'not answered' }[
      entry.decision
    ];
  }
  if (entry.kind === 'exposure') return EXPOSURE_WORDS[entry.decision];
  if (entry.hold) return `held for you: ${TOOL_DECISIONS[entry.decision] ?? entry.decision}`;
  if (entry.decision === 'granted')
    return entry.grant ? GRANTED[entry.grant] : 'allowed by an earlier permission';
  return TOOL_DECISIONS[entry.decision] ?? entry.decision;
}

/** How the entry ended, in words. */
export function outcomeLabel(entry: AuditEntry): string {
  const words: Record<string, string> = {
    done: 'ran',
    failed: 'failed',
    denied: 'did not run',
    cancelled: 'cancelled',
    sent: 'sent back',
    rejected: 'not run',
    answered: 'answered',
    recorded: 'recorded',
  };
  return words[entry.outcome] ?? entry.outcome;
}

/** Decisions grouped as the filter offers them. */
export type DecisionClass = 'allowed' | 'permission' | 'denied' | 'unanswered' | 'exposure';

export const DECISION_CLASSES: { value: DecisionClass; label: string }[] = [
  { value: 'allowed', label: 'Allowed by you' },
  { value: 'permission', label: 'Allowed by a permission' },
  { value: 'denied', label: 'Denied or declined' },
  { value: 'unanswered', label: 'Not answered' },
  { value: 'exposure', label: 'What conversations took in' },
];

/** Which group the entry's decision is in. */
export function decisionClass(entry: AuditEntry): DecisionClass {
  if (entry.kind === 'exposure') return 'exposure';
  if (entry.decision === 'unanswered') return 'unanswered';
  if (entry.kind === 'sampling') {
    return entry.decision === 'auto' ? 'permission' : entry.decision === 'rejected' ? 'denied' : 'allowed';
  }
  if (entry.kind === 'elicitation') return entry.decision === 'accept' ? 'allowed' : 'denied';
  if (entry.decision === 'granted') return 'permission';
  return entry.decision === 'denied' ? 'denied' : 'allowed';
}

/** What the person filters the audit log by; '' means any. */
export type AuditFilter = { server: string; subject: string; decision: DecisionClass | '' };

export const NO_FILTER: AuditFilter = { server: '', subject: '', decision: '' };

/** The entries the filter lets through, in their order. */
export function filterAudit(entries: readonly AuditEntry[], filter: AuditFilter): AuditEntry[] {
  return entries.filter(
    (entry) =>
      (filter.server === '' || entry.server === filter.server) &&
      (filter.subject === '' || auditSubject(entry) === filter.subject) &&
      (filter.decision === '' || decisionClass(entry) === filter.decision),
  );
}

/** The servers and subjects the entries mention, sorted, for the filter's choices. */
export function auditChoices(entries: readonly AuditEntry[]): { servers: string[]; subjects: string[] } {
  const servers = new Set<string>();
  const subjects = new Set<string>();
  for (const entry of entries) {
    servers.add(entry.server);
    subjects.add(auditSubject(entry));
  }
  const sorted = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b));
  return { servers: sorted(servers), subjects: sorted(subjects) };
}

/** Audit entries newest first (stable for equal times). */
export function newestFirst(entries: readonly AuditEntry[]): AuditEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.time - a.entry.time || b.index - a.index)
    .map(({ entry }) => entry);
}
