import { describe, expect, it } from 'vitest';
import { viewWindowFeatures } from '../../src/renderer/src/features/apps/viewWindow';

describe("a view's window features", () => {
  it('ask for a pop-up of the size, never below a usable one, and keep the opener the bridge needs', () => {
    expect(viewWindowFeatures({ width: 960, height: 720 })).toBe('popup,width=960,height=720');
    expect(viewWindowFeatures({ width: 10.4, height: 0 })).toBe('popup,width=320,height=240');
    expect(viewWindowFeatures({ width: 960, height: 720 })).not.toMatch(/noopener|noreferrer/);
  });
});
