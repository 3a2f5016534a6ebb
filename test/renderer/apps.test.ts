import { describe, expect, it } from 'vitest';
import {
  clampViewHeight,
  MAX_INLINE_HEIGHT,
  MIN_INLINE_HEIGHT,
  resolveDisplayMode,
} from '../../src/renderer/src/features/apps/displayModes';
import { toolAppNotes } from '../../src/renderer/src/features/tools/toolList';
import type { ToolView } from '../../src/shared/types';

describe('display modes', () => {
  it('grants a mode the host has and the view declared, else keeps the current one', () => {
    expect(resolveDisplayMode('fullscreen', 'inline', ['inline', 'fullscreen'])).toBe('fullscreen');
    expect(resolveDisplayMode('pip', 'inline', ['inline', 'fullscreen'])).toBe('inline');
    expect(resolveDisplayMode('pip', 'fullscreen', undefined)).toBe('pip');
    expect(resolveDisplayMode('cinema' as never, 'inline', undefined)).toBe('inline');
  });

  it('keeps an inline view between sane heights, and ignores nonsense', () => {
    expect(clampViewHeight(300.2, 160)).toBe(301);
    expect(clampViewHeight(5, 160)).toBe(MIN_INLINE_HEIGHT);
    expect(clampViewHeight(1e9, 160)).toBe(MAX_INLINE_HEIGHT);
    expect(clampViewHeight(Number.NaN, 160)).toBe(160);
    expect(clampViewHeight(undefined, 200)).toBe(200);
  });
});

describe('what the Tools tab says about app views', () => {
  const tool = (ui?: ToolView['ui']): ToolView => ({ name: 't', inputSchema: {}, ...(ui ? { ui } : {}) });

  it('names the view and who may call the tool', () => {
    expect(toolAppNotes(tool())).toEqual([]);
    expect(toolAppNotes(tool({ resourceUri: 'ui://s/v', visibility: ['model', 'app'] }))).toEqual([
      'has a view (ui://s/v)',
    ]);
    expect(toolAppNotes(tool({ visibility: ['app'] }))).toEqual(['only its app views may call it']);
    expect(toolAppNotes(tool({ visibility: ['model'] }))).toEqual(['app views may not call it']);
  });
});
