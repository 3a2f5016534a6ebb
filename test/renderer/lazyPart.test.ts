// A part of the page loaded on first need: one load shared by every caller, listeners told, a failed load tried again.
import { describe, expect, it } from 'vitest';
import { lazyPart } from '../../src/renderer/src/components/lazyPart';

describe('lazyPart', () => {
  it('loads once however often it is asked for, and tells its listeners when it arrives', async () => {
    let imports = 0;
    const part = lazyPart(async () => {
      imports += 1;
      return { name: 'highlighter' };
    });
    const told: unknown[] = [];
    part.subscribe(() => told.push(part.current()));
    expect(part.current()).toBeUndefined();
    const [first, second] = await Promise.all([part.load(), part.load()]);
    expect(first).toBe(second);
    expect(await part.load()).toBe(first);
    expect(imports).toBe(1);
    expect(told).toEqual([first]);
    expect(part.current()).toBe(first);
  });

  it('tries again after a failed load', async () => {
    let attempt = 0;
    const part = lazyPart(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return 'loaded';
    });
    await expect(part.load()).rejects.toThrow('offline');
    expect(part.current()).toBeUndefined();
    expect(await part.load()).toBe('loaded');
  });
});
