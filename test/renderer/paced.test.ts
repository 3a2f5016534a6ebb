// Streamed text is handed to the page at most once per interval.
import { describe, expect, it } from 'vitest';
import { paced } from '../../src/renderer/src/store/textDeltaQueue';

describe('paced', () => {
  it('runs at once the first time, then waits out the rest of the interval', () => {
    let clock = 0;
    const waits: number[] = [];
    const pending: (() => void)[] = [];
    const schedule = paced(
      50,
      (run) => run(),
      () => clock,
      (run, ms) => {
        waits.push(ms);
        pending.push(run);
      },
    );
    const ran: number[] = [];
    schedule(() => ran.push(clock));
    expect(ran).toEqual([0]);

    clock = 20;
    schedule(() => ran.push(clock));
    expect(ran).toEqual([0]);
    expect(waits).toEqual([30]);
    clock = 50;
    pending.shift()?.();
    expect(ran).toEqual([0, 50]);

    clock = 120;
    schedule(() => ran.push(clock));
    expect(ran).toEqual([0, 50, 120]);
    expect(waits).toEqual([30]);
  });
});
