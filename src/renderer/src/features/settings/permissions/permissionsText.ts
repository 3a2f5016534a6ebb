// Words and order for the permissions view: short hashes, local times, decisions and outcomes.
import type { AuditEntry, Grant } from '../../../../../shared/chat';

/** The first 12 hex digits of a definition hash. */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A time in the person's locale and time zone, e.g. `3 Mar 2026, 14:03:22`. */
export function localTime(epochMs: number): string {
  return when.format(epochMs);
}

const DECISIONS: Record<AuditEntry['decision'], string> = {
  once: 'allowed once',
  always: 'always allowed',
  granted: 'allowed by an earlier “Always allow”',
  denied: 'denied',
  unanswered: 'not answered',
};

const OUTCOMES: Record<AuditEntry['outcome'], string> = {
  done: 'ran',
  failed: 'failed',
  denied: 'did not run',
  cancelled: 'cancelled',
};

export function decisionLabel(decision: AuditEntry['decision']): string {
  return DECISIONS[decision] ?? decision;
}

export function outcomeLabel(outcome: AuditEntry['outcome']): string {
  return OUTCOMES[outcome] ?? outcome;
}

/** Audit entries newest first (stable for equal times). */
export function newestFirst(entries: readonly AuditEntry[]): AuditEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.time - a.entry.time || b.index - a.index)
    .map(({ entry }) => entry);
}

/** Grants by server, then tool. */
export function sortGrants(grants: readonly Grant[]): Grant[] {
  return [...grants].sort((a, b) => a.server.localeCompare(b.server) || a.tool.localeCompare(b.tool));
}
