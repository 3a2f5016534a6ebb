// A tool call's arguments as they stream: parsed leniently, at most once an interval, the newest text winning.
import { describe, expect, it } from 'vitest';
import { PartialInput, parsePartialArgs, type Timers } from '../../src/main/llm/partialInput';
import type { Json } from '../../src/shared/types';

/** A clock the test moves by hand: timers run when it passes their time. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  const clock: Timers = {
    now: () => now,
    setTimeout: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((timer) => timer !== handle);
    },
  };
  return {
    clock,
    pending: () => timers.length,
    async advance(ms: number) {
      now += ms;
      const due = timers.filter((timer) => timer.at <= now);
      timers = timers.filter((timer) => timer.at > now);
      for (const timer of due) timer.run();
      await settled();
    },
  };
}

/** Lets the parses under way hand on what they found. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

function streamed(intervalMs = 100) {
  const time = manualClock();
  const seen: Json[] = [];
  const input = new PartialInput({ intervalMs, onArgs: (args) => seen.push(args), timers: time.clock });
  return { time, seen, input };
}

describe('parsePartialArgs', () => {
  it('reads incomplete JSON as far as it goes', async () => {
    expect(await parsePartialArgs('{"city":"New Yo')).toEqual({ city: 'New Yo' });
    expect(await parsePartialArgs('{"days":[1,2')).toEqual({ days: [1, 2] });
    expect(await parsePartialArgs('{"a":{"b":tr')).toEqual({ a: { b: true } });
    expect(await parsePartialArgs('{"start":5}')).toEqual({ start: 5 });
  });

  it('gives nothing for text that is not JSON', async () => {
    expect(await parsePartialArgs('not json')).toBeUndefined();
    expect(await parsePartialArgs('')).toBeUndefined();
  });
});

describe('PartialInput', () => {
  it('hands on the first piece at once, then at most one parse an interval with the newest text', async () => {
    const { time, seen, input } = streamed();
    input.append('{"label":"ap');
    await settled();
    expect(seen).toEqual([{ label: 'ap' }]);

    input.append('pl');
    input.append('es","st');
    await settled();
    // Within the interval: nothing new yet, one parse waits for its end.
    expect(seen).toHaveLength(1);
    expect(time.pending()).toBe(1);

    await time.advance(99);
    expect(seen).toHaveLength(1);
    await time.advance(1);
    expect(seen).toEqual([{ label: 'ap' }, { label: 'apples' }]);

    input.append('art":5');
    await settled();
    expect(seen).toHaveLength(2);
    await time.advance(100);
    expect(seen.at(-1)).toEqual({ label: 'apples', start: 5 });
    expect(seen).toHaveLength(3);
  });

  it('parses again at once when a piece comes after a quiet interval', async () => {
    const { time, seen, input } = streamed();
    input.append('{"a":1');
    await settled();
    await time.advance(250);
    input.append(',"b":2');
    await settled();
    expect(seen).toEqual([{ a: 1 }, { a: 1, b: 2 }]);
    expect(time.pending()).toBe(0);
  });

  it('does not hand on the same arguments twice, nor what is not an object', async () => {
    const { time, seen, input } = streamed();
    input.append('{"a":"x"');
    await settled();
    // A key begun but not yet named parses to the same object.
    input.append(',"');
    await time.advance(100);
    expect(seen).toEqual([{ a: 'x' }]);

    const other = streamed();
    other.input.append('[1,2');
    await settled();
    other.input.append('garbage ]]]');
    await other.time.advance(100);
    expect(other.seen).toEqual([]);
  });

  it('hands on nothing once closed: neither the parse under way nor the one waiting', async () => {
    const { time, seen, input } = streamed();
    input.append('{"a":1');
    input.close();
    await settled();
    expect(seen).toEqual([]);

    const later = streamed();
    later.input.append('{"a":1');
    await settled();
    later.input.append(',"b":2');
    expect(later.time.pending()).toBe(1);
    later.input.close();
    expect(later.time.pending()).toBe(0);
    later.input.append(',"c":3');
    await later.time.advance(500);
    expect(later.seen).toEqual([{ a: 1 }]);
    expect(time.pending()).toBe(0);
  });

  it('a slow parse of older text never overwrites the newer arguments', async () => {
    const time = manualClock();
    const seen: Json[] = [];
    const answers: ((value: Json) => void)[] = [];
    const input = new PartialInput({
      intervalMs: 100,
      onArgs: (args) => seen.push(args),
      timers: time.clock,
      parse: () => new Promise((resolve) => answers.push(resolve)),
    });
    input.append('{"a":1');
    await time.advance(100);
    input.append(',"a":2');
    await time.advance(100);
    expect(answers).toHaveLength(2);
    answers[1]?.({ a: 2 });
    await settled();
    answers[0]?.({ a: 1 });
    await settled();
    expect(seen).toEqual([{ a: 2 }]);
  });
});
