// The hold rule as a pure function: private data read, outside content taken in and a tool that can send out hold the call, as does a tool that runs code while a skill is followed, whatever the grant.
import { describe, expect, it } from 'vitest';
import { mustHold } from '../../src/main/flow/holdRule';
import { holdText } from '../../src/renderer/src/features/consent/flowWords';
import type { Exposure, FlowMark, LabelValue, ToolLabels } from '../../src/shared/flow';

const value = (on: boolean): LabelValue => ({ on, source: 'server', why: 'a test' });
const labels = (sendsOut: boolean, runsCode = false): ToolLabels => ({
  privateData: value(false),
  outsideContent: value(false),
  sendsOut: value(sendsOut),
  runsCode: { on: runsCode, source: 'name', why: 'its name says it runs code (“run command”)' },
});
const mark = (kind: FlowMark['kind'], what: string, time: number): FlowMark => ({
  kind,
  server: kind === 'private-data' ? 'files' : 'web',
  what,
  via: 'tool',
  time,
  messageId: 'm1',
});
const read = mark('private-data', 'read_file', 1000);
const fetched = mark('outside-content', 'fetch', 2000);
const EXPOSURES: Record<string, Exposure | undefined> = {
  nothing: undefined,
  'private data only': { privateData: read },
  'outside content only': { outsideContent: fetched },
  both: { privateData: read, outsideContent: fetched },
};
const GRANTS = [
  undefined,
  'conversation',
  'server-conversation',
  'always',
  'read-only',
  'sandboxed',
] as const;

describe('mustHold', () => {
  it('holds a call that can send data out in a conversation that read private data and took in outside content, under every grant', () => {
    for (const grant of GRANTS) {
      expect(mustHold(labels(true), EXPOSURES.both, grant)).toEqual({
        reason: 'trifecta',
        privateData: read,
        outsideContent: fetched,
        ...(grant ? { grant } : {}),
      });
    }
  });

  it('holds nothing that lacks one of the three, whatever the grant', () => {
    for (const grant of GRANTS) {
      for (const [name, exposure] of Object.entries(EXPOSURES)) {
        if (name !== 'both') expect(mustHold(labels(true), exposure, grant)).toBeUndefined();
        expect(mustHold(labels(false), exposure, grant)).toBeUndefined();
      }
    }
  });

  it('holds a call that runs code while the conversation follows a skill from a server, under every grant', () => {
    const refunds = { ...mark('outside-content', 'the skill refunds', 3000), kind: 'skill' as const };
    const following: Exposure = { skills: [refunds] };
    for (const grant of GRANTS) {
      expect(mustHold(labels(false, true), following, grant)).toEqual({
        reason: 'skill-code',
        skills: [refunds],
        runsCode: 'its name says it runs code (“run command”)',
        ...(grant ? { grant } : {}),
      });
      // Without a skill, or for a tool that runs no code, the grant decides.
      for (const exposure of Object.values(EXPOSURES))
        expect(mustHold(labels(false, true), exposure, grant)).toBeUndefined();
      expect(mustHold(labels(true, false), following, grant)).toBeUndefined();
      expect(mustHold(labels(false, true), { skills: [] }, grant)).toBeUndefined();
    }
    // Where both rules hold, the call is held once, for the trifecta.
    expect(mustHold(labels(true, true), { ...EXPOSURES.both, ...following }, 'always')?.reason).toBe(
      'trifecta',
    );
    expect(mustHold(labels(false, true), following, 'always', { alwaysHeld: true })?.reason).toBe('policy');
  });

  it('says why in plain words, naming each skill with its server', () => {
    const skill = (server: string, label: string): FlowMark => ({
      kind: 'skill',
      server,
      what: `the skill ${label}`,
      via: 'resource',
      time: 1,
    });
    const hold = mustHold(labels(false, true), { skills: [skill('billing', 'refunds')] }, 'conversation');
    expect(hold && holdText(hold, String)).toBe(
      'This conversation is following the skill refunds (billing). This call runs code: its name says it runs code (“run command”).',
    );
    const two = mustHold(
      labels(false, true),
      { skills: [skill('billing', 'refunds'), skill('shop', 'returns'), skill('shop', 'orders')] },
      undefined,
    );
    expect(two && holdText(two, String)).toMatch(
      'following the skill refunds (billing), the skill returns (shop) and the skill orders (shop).',
    );
  });

  it('holds every call of a tool the policy of the organisation holds, even one that cannot send out', () => {
    expect(mustHold(labels(false), undefined, 'always', { alwaysHeld: true })).toEqual({
      reason: 'policy',
      grant: 'always',
    });
  });
});
