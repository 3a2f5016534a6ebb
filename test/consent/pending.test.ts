// The one waiting primitive: work stops when a request settles, holds end with it, and an aborted asker settles it once.
import { describe, expect, it } from 'vitest';
import { PendingRequests, type SettleReason } from '../../src/main/consent/pending';

type Question = { id: string; server: string };

function waiting() {
  const settled: [string, SettleReason][] = [];
  const requests = new PendingRequests<Question, string>((request, reason) =>
    settled.push([request.id, reason]),
  );
  const requested: string[] = [];
  requests.onDidRequest((request) => requested.push(request.id));
  return { requests, settled, requested };
}

describe('PendingRequests', () => {
  it('aborts the work done for a request once it settles', async () => {
    const { requests } = waiting();
    const answer = requests.add({ id: 'a', server: 'files' });
    const work = requests.workSignal('a');
    expect(work.aborted).toBe(false);
    requests.settle('a', { answer: 'yes' }, 'answered');
    await expect(answer).resolves.toBe('yes');
    expect(work.aborted).toBe(true);
    expect(requests.workSignal('a').aborted).toBe(true);
  });

  it('settles a request whose asker already gave up at once, unannounced, and only once', async () => {
    const { requests, settled, requested } = waiting();
    const answer = requests.add({ id: 'a', server: 'files' }, AbortSignal.abort());
    await expect(answer).rejects.toThrow('The request was cancelled.');
    requests.settle('a', { answer: 'late' }, 'answered');
    expect(requested).toEqual([]);
    expect(settled).toEqual([['a', 'cancelled']]);
    expect(requests.list()).toEqual([]);
  });

  it('holds only requests still waiting, and lets go of the hold when one settles', () => {
    const { requests } = waiting();
    void requests.add({ id: 'a', server: 'files' });
    requests.hold(['a', 'gone']);
    expect(requests.isHeld('a')).toBe(true);
    expect(requests.isHeld('gone')).toBe(false);
    requests.settle('a', { answer: 'yes' }, 'answered');
    expect(requests.isHeld('a')).toBe(false);
  });

  it('answers the asker even when a settle listener throws, and reports the failure', async () => {
    const requests = new PendingRequests<Question, string>(() => {
      throw new Error('listener bug');
    });
    const reported: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => reported.push(args);
    try {
      const answer = requests.add({ id: 'a', server: 'files' });
      requests.settle('a', { answer: 'yes' }, 'answered');
      await expect(answer).resolves.toBe('yes');
    } finally {
      console.error = original;
    }
    expect(reported).toHaveLength(1);
  });
});
