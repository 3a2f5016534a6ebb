// Pure logic of Settings → Permissions: words for scopes and decisions of every kind, order, and the audit's filters.
import { describe, expect, it } from 'vitest';
import {
  auditChoices,
  auditSubject,
  decisionClass,
  decisionLabel,
  filterAudit,
  grantCovers,
  grantPhrase,
  NO_FILTER,
  newestFirst,
  outcomeLabel,
  shortHash,
  sortGrants,
} from '../../src/renderer/src/features/settings/permissions/permissionsText';
import type { AuditEntry, Grant, ToolAuditEntry } from '../../src/shared/consent';

const tool = (time: number, name: string, overrides: Partial<ToolAuditEntry> = {}): ToolAuditEntry => ({
  time,
  conversationId: 'c',
  server: 's',
  tool: name,
  args: {},
  decision: 'once',
  outcome: 'done',
  ...overrides,
});

const sampling: AuditEntry = {
  kind: 'sampling',
  time: 5,
  server: 'asker',
  decision: 'auto',
  outcome: 'sent',
  request: 'hi',
  requestEdited: false,
  responseEdited: false,
};
const form: AuditEntry = {
  kind: 'elicitation',
  time: 6,
  server: 'forms',
  mode: 'form',
  message: 'Who are you?',
  decision: 'decline',
  outcome: 'answered',
};

const grant = (overrides: Partial<Grant>): Grant => ({
  id: 'g',
  scope: 'always',
  server: 'files',
  tool: 'write',
  tools: ['write'],
  serverIdentity: 'x',
  grantedAt: 0,
  ...overrides,
});

describe('permissions text', () => {
  it('shortens hashes to 12 hex digits', () => {
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab');
  });

  it('orders the audit newest first, keeping later entries first on equal times', () => {
    const sorted = newestFirst([tool(1, 'a'), tool(3, 'b'), tool(3, 'c'), tool(2, 'd')]);
    expect(sorted.map((entry) => auditSubject(entry))).toEqual(['c', 'b', 'd', 'a']);
  });

  it('words decisions and outcomes of every kind of entry', () => {
    expect(decisionLabel(tool(1, 'a', { decision: 'granted', grant: 'always' }))).toMatch(
      /earlier “Always allow”/,
    );
    expect(decisionLabel(tool(1, 'a', { decision: 'granted', grant: 'read-only' }))).toMatch(
      /read-only.*claim/,
    );
    expect(decisionLabel(tool(1, 'a', { decision: 'conversation' }))).toBe('allowed for the conversation');
    expect(decisionLabel(tool(1, 'a', { decision: 'unanswered' }))).toBe('not answered');
    expect(outcomeLabel(tool(1, 'a', { outcome: 'denied' }))).toBe('did not run');
    expect(decisionLabel(sampling)).toBe('run within the session budget');
    expect(outcomeLabel(sampling)).toBe('sent back');
    expect(decisionLabel(form)).toBe('declined');
    expect(auditSubject(sampling)).toBe('sampling request');
    expect(auditSubject(form)).toBe('request for information');
    const followed = {
      kind: 'exposure',
      time: 1,
      conversationId: 'c',
      server: 'billing',
      what: 'the skill refunds',
      via: 'resource',
      outcome: 'recorded',
    } as const;
    expect(decisionLabel({ ...followed, decision: 'skill' })).toBe('follows a skill from a server');
    expect(decisionLabel({ ...followed, decision: 'outside-content' })).toBe('took in outside content');
  });

  it('groups decisions as the filter offers them', () => {
    expect(decisionClass(tool(1, 'a'))).toBe('allowed');
    expect(decisionClass(tool(1, 'a', { decision: 'server-conversation' }))).toBe('allowed');
    expect(decisionClass(tool(1, 'a', { decision: 'granted' }))).toBe('permission');
    expect(decisionClass(tool(1, 'a', { decision: 'denied' }))).toBe('denied');
    expect(decisionClass(tool(1, 'a', { decision: 'unanswered' }))).toBe('unanswered');
    expect(decisionClass(sampling)).toBe('permission');
    expect(decisionClass(form)).toBe('denied');
  });

  it('filters by server, tool or request, and decision, and offers what the entries mention', () => {
    const entries = [
      tool(1, 'greet'),
      tool(2, 'greet', { server: 'other', decision: 'denied' }),
      sampling,
      form,
    ];
    expect(filterAudit(entries, NO_FILTER)).toHaveLength(4);
    expect(filterAudit(entries, { ...NO_FILTER, server: 'other' })).toEqual([entries[1]]);
    expect(filterAudit(entries, { ...NO_FILTER, subject: 'greet' })).toHaveLength(2);
    expect(filterAudit(entries, { ...NO_FILTER, subject: 'greet', decision: 'denied' })).toEqual([
      entries[1],
    ]);
    expect(filterAudit(entries, { ...NO_FILTER, decision: 'permission' })).toEqual([sampling]);
    expect(auditChoices(entries)).toEqual({
      servers: ['asker', 'forms', 'other', 's'],
      subjects: ['greet', 'request for information', 'sampling request'],
    });
  });

  it('names what a grant covers and where', () => {
    expect(grantCovers(grant({}))).toBe('write');
    expect(grantCovers(grant({ scope: 'read-only', tool: undefined, tools: ['a', 'b'] }))).toBe('a, b');
    expect(grantPhrase(grant({}))).toBe('write on files');
    expect(grantPhrase(grant({ scope: 'conversation', conversationId: 'c' }), 'Trip')).toBe(
      'write on files in “Trip”',
    );
    expect(
      grantPhrase(grant({ scope: 'server-conversation', tool: undefined, conversationId: 'c' }), 'Trip'),
    ).toBe('all tools of files in “Trip”');
    expect(grantPhrase(grant({ scope: 'read-only', tool: undefined }))).toBe('the read-only tools of files');
  });

  it('sorts grants by server, then widest scope first, then tool', () => {
    const sorted = sortGrants([
      grant({ id: '1', server: 'zeta' }),
      grant({ id: '2', scope: 'conversation', conversationId: 'c' }),
      grant({ id: '3', tool: 'alpha', tools: ['alpha'] }),
      grant({ id: '4', scope: 'read-only', tool: undefined, tools: ['r'] }),
    ]);
    expect(sorted.map((item) => item.id)).toEqual(['4', '3', '2', '1']);
  });
});
