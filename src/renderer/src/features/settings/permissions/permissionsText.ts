// Words, order and filters for the permissions view: scopes of grants, decisions and outcomes of every audit entry.
import type { AuditEntry, ExposureAuditEntry, Grant, GrantScope } from '../../../../../shared/consent';
import type { FlowHold } from '../../../../../shared/flow';
import { format, translate } from '../../../i18n';
import { holdText as flowHoldText } from '../../consent/flowWords';

/** The first 12 hex digits of a definition hash. */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}

/** A time in the page's language and the person's time zone, e.g. `3 Mar 2026, 14:03:22`. */
export function localTime(epochMs: number): string {
  return format().dateTime(epochMs);
}

/** Names joined as a plain list, `a, b` / `a、b`. */
export function joinNames(names: readonly string[]): string {
  return names.join(translate('permissions.separator'));
}

const SCOPE_LABEL: Record<GrantScope, string> = {
  always: 'permissions.scope.always',
  conversation: 'permissions.scope.conversation',
  'server-conversation': 'permissions.scope.serverConversation',
  'read-only': 'permissions.scope.readOnly',
  'app-only': 'permissions.scope.appOnly',
  view: 'permissions.scope.view',
  sandboxed: 'permissions.scope.sandboxed',
};

/** What a grant's scope lets run, e.g. `In one conversation`. */
export function scopeLabel(scope: GrantScope): string {
  return translate(SCOPE_LABEL[scope]);
}

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
  return grant.tools.length === 0 ? translate('permissions.grant.noTools') : joinNames(grant.tools);
}

/** A grant in one phrase, for its Revoke button: `greet on chat in “Trip”`. */
export function grantPhrase(grant: Grant, conversationTitle?: string): string {
  const { server } = grant;
  const what =
    grant.scope === 'read-only'
      ? translate('permissions.phrase.readOnly', { server })
      : grant.scope === 'app-only'
        ? translate('permissions.phrase.appOnly', { server })
        : grant.scope === 'sandboxed'
          ? translate('permissions.phrase.sandboxed', { server })
          : grant.scope === 'server-conversation'
            ? translate('permissions.phrase.serverTools', { server })
            : translate('permissions.phrase.tools', { tools: grantCovers(grant), server });
  if (grant.conversationId === undefined) return what;
  return conversationTitle === undefined
    ? translate('permissions.phrase.inSomeConversation', { what })
    : translate('permissions.phrase.inConversation', { what, title: conversationTitle });
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
  if (entry.kind === 'sampling') return translate('permissions.subject.sampling');
  if (entry.kind === 'elicitation') return translate('permissions.subject.elicitation');
  if (entry.kind === 'exposure') return entry.what;
  return entry.tool;
}

const TOOL_DECISIONS: Record<string, string> = {
  once: 'permissions.decision.once',
  conversation: 'permissions.decision.conversation',
  'server-conversation': 'permissions.decision.serverConversation',
  always: 'permissions.decision.always',
  view: 'permissions.decision.view',
  denied: 'permissions.decision.denied',
  unanswered: 'permissions.decision.unanswered',
  'run-by-you': 'permissions.decision.runByYou',
};

const GRANTED: Record<GrantScope, string> = {
  always: 'permissions.granted.always',
  conversation: 'permissions.granted.conversation',
  'server-conversation': 'permissions.granted.serverConversation',
  'read-only': 'permissions.granted.readOnly',
  'app-only': 'permissions.granted.appOnly',
  view: 'permissions.granted.view',
  sandboxed: 'permissions.granted.sandboxed',
};

const EXPOSURE_WORDS: Record<ExposureAuditEntry['decision'], string> = {
  'private-data': 'permissions.exposure.privateData',
  'outside-content': 'permissions.exposure.outsideContent',
  skill: 'permissions.exposure.skill',
};

/** A tool decision in words; one the page does not know is shown as the host wrote it. */
function toolDecision(decision: string): string {
  const id = TOOL_DECISIONS[decision];
  return id ? translate(id) : decision;
}

/** How the entry was decided, in words. */
export function decisionLabel(entry: AuditEntry): string {
  if (entry.kind === 'sampling') {
    return translate(
      {
        approved: 'permissions.sampling.approved',
        auto: 'permissions.sampling.auto',
        rejected: 'permissions.sampling.rejected',
        unanswered: 'permissions.decision.unanswered',
      }[entry.decision],
    );
  }
  if (entry.kind === 'elicitation') {
    return translate(
      {
        accept: 'permissions.elicitation.accept',
        decline: 'permissions.elicitation.decline',
        cancel: 'permissions.elicitation.cancel',
        unanswered: 'permissions.decision.unanswered',
      }[entry.decision],
    );
  }
  if (entry.kind === 'exposure') return translate(EXPOSURE_WORDS[entry.decision]);
  if (entry.hold) return translate('permissions.decision.held', { decision: toolDecision(entry.decision) });
  if (entry.decision === 'granted')
    return translate(entry.grant ? GRANTED[entry.grant] : 'permissions.granted.earlier');
  return toolDecision(entry.decision);
}

/** How the entry ended, in words. */
export function outcomeLabel(entry: AuditEntry): string {
  const ids: Record<string, string> = {
    done: 'permissions.outcome.done',
    failed: 'permissions.outcome.failed',
    denied: 'permissions.outcome.denied',
    cancelled: 'permissions.outcome.cancelled',
    sent: 'permissions.outcome.sent',
    rejected: 'permissions.outcome.rejected',
    answered: 'permissions.outcome.answered',
    recorded: 'permissions.outcome.recorded',
  };
  const id = ids[entry.outcome];
  return id ? translate(id) : entry.outcome;
}

/** Decisions grouped as the filter offers them. */
export type DecisionClass = 'allowed' | 'permission' | 'denied' | 'unanswered' | 'exposure';

const DECISION_CLASSES: { value: DecisionClass; id: string }[] = [
  { value: 'allowed', id: 'permissions.filter.allowed' },
  { value: 'permission', id: 'permissions.filter.permission' },
  { value: 'denied', id: 'permissions.filter.denied' },
  { value: 'unanswered', id: 'permissions.filter.unanswered' },
  { value: 'exposure', id: 'permissions.filter.exposure' },
];

/** The decision filter's choices, in the page's language. */
export function decisionClasses(): { value: DecisionClass; label: string }[] {
  return DECISION_CLASSES.map(({ value, id }) => ({ value, label: translate(id) }));
}

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

/** Why a call was held for the person, in plain words, with the full time of each mark. */
export function holdText(hold: FlowHold): string {
  return flowHoldText(hold, localTime);
}
