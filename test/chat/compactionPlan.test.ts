// Which older messages a summary takes the place of: everything before one of the person's messages, never the last one.
import { describe, expect, it } from 'vitest';
import { afterCompaction, compactionInForce, planCompaction, tooFull } from '../../src/main/chat/compaction';
import type { ChatMessage, Compaction } from '../../src/shared/chat';

const ask = (id: string): ChatMessage => ({ id, role: 'user', text: id, time: 1 });
const answer = (id: string): ChatMessage => ({
  id,
  role: 'assistant',
  time: 1,
  model: 'm/m',
  parts: [],
  status: 'done',
});
const history = [ask('u1'), answer('a1'), ask('u2'), answer('a2'), ask('u3'), answer('a3'), ask('u4')];
const ten = () => 10;
const compaction = (through: string): Compaction => ({
  id: `c-${through}`,
  through,
  count: 2,
  summary: 's',
  results: [],
  time: 1,
  reason: 'window',
});

describe('planCompaction', () => {
  it('keeps the most recent messages that fit, starting at one of the person’s', () => {
    expect(planCompaction(history, ten, 30)?.through).toBe('a2');
    expect(planCompaction(history, ten, 0)?.through).toBe('a3');
    expect(planCompaction(history, ten, 45)?.compacted.map((message) => message.id)).toEqual([
      'u1',
      'a1',
      'u2',
      'a2',
    ]);
  });

  it('has nothing to do with fewer than two older messages, or none beyond the summary in force', () => {
    expect(planCompaction([ask('u1')], ten, 0)).toBeUndefined();
    expect(planCompaction([ask('u1'), answer('a1'), ask('u2')], ten, 1_000)).toBeUndefined();
    expect(planCompaction(history, ten, 0, compaction('a3'))).toBeUndefined();
    expect(planCompaction(history, ten, 0, compaction('a1'))?.through).toBe('a3');
  });
});

describe('the summary in force', () => {
  it('is the last one whose message is still there, and the model reads what follows it', () => {
    expect(compactionInForce(history, [compaction('a1'), compaction('gone')])?.through).toBe('a1');
    expect(afterCompaction(history, compaction('a2')).map((message) => message.id)).toEqual([
      'u3',
      'a3',
      'u4',
    ]);
    expect(afterCompaction(history, undefined)).toHaveLength(7);
  });

  it('is needed once a request would fill more than four fifths of a known window', () => {
    expect(tooFull(800, 1_000)).toBe(false);
    expect(tooFull(801, 1_000)).toBe(true);
    expect(tooFull(1_000_000, undefined)).toBe(false);
  });
});
