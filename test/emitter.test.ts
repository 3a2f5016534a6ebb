// The typed emitter: order, removal, a throwing listener reported without stopping the others (or handed to the caller).
import { describe, expect, it } from 'vitest';
import { Emitter, toCaller } from '../src/main/emitter';

describe('Emitter', () => {
  it('tells its listeners in the order they came, until each is removed', () => {
    const heard: string[] = [];
    const emitter = new Emitter<number>();
    const offA = emitter.on((value) => heard.push(`a${value}`));
    emitter.on((value) => heard.push(`b${value}`));
    emitter.emit(1);
    offA();
    offA();
    emitter.emit(2);
    expect(heard).toEqual(['a1', 'b1', 'b2']);
    expect(emitter.size).toBe(1);
  });

  it('reports a listener that throws and still tells the others', () => {
    const errors: unknown[] = [];
    const heard: number[] = [];
    const emitter = new Emitter<number>((error) => errors.push(error));
    emitter.on(() => {
      throw new Error('broken listener');
    });
    emitter.on((value) => heard.push(value));
    expect(() => emitter.emit(7)).not.toThrow();
    expect(heard).toEqual([7]);
    expect(errors).toEqual([new Error('broken listener')]);
  });

  it("hands a throwing listener's error to the caller with `toCaller`, telling no later listener", () => {
    const heard: number[] = [];
    const emitter = new Emitter<number>(toCaller);
    emitter.on((value) => heard.push(value));
    emitter.on(() => {
      throw new Error('broken listener');
    });
    emitter.on((value) => heard.push(value * 10));
    expect(() => emitter.emit(3)).toThrow('broken listener');
    expect(heard).toEqual([3]);
  });

  it('tells a listener added while it emits only the next value', () => {
    const heard: string[] = [];
    const emitter = new Emitter<string>();
    emitter.on((value) => {
      heard.push(`first ${value}`);
      if (value === 'one') emitter.on((next) => heard.push(`late ${next}`));
    });
    emitter.emit('one');
    emitter.emit('two');
    expect(heard).toEqual(['first one', 'first two', 'late two']);
  });

  it('hands out `on` on its own, as an onDidX', () => {
    const emitter = new Emitter<string>();
    const onDidChange = emitter.on;
    const heard: string[] = [];
    onDidChange((value) => heard.push(value));
    emitter.emit('changed');
    expect(heard).toEqual(['changed']);
  });
});
