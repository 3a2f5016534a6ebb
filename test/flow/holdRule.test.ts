// The hold rule as a pure function: private data read, outside content taken in and a tool that can send out hold the call, whatever the grant.
import { describe, expect, it } from 'vitest';
import { mustHold } from '../../src/main/flow/holdRule';
import type { Exposure, FlowMark, LabelValue, ToolLabels } from '../../src/shared/flow';

const value = (on: boolean): LabelValue => ({ on, source: 'server', why: 'a test' });
const labels = (sendsOut: boolean): ToolLabels => ({
  privateData: value(false),
  outsideContent: value(false),
  sendsOut: value(sendsOut),
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

  it('holds every call of a tool the policy of the organisation holds, even one that cannot send out', () => {
    expect(mustHold(labels(false), undefined, 'always', { alwaysHeld: true })).toEqual({
      reason: 'policy',
      grant: 'always',
    });
  });
});
