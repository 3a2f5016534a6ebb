// WCAG contrast of the theme colours, light and dark: every text colour on every surface it can sit on reaches AA.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const RENDERER = join(import.meta.dirname, '../../src/renderer/src');

type Theme = Map<string, string>;

/** Every `.css` file of the renderer. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The body of the block that starts at `open` (the index of its `{`). */
function blockAt(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    else if (text[index] === '}' && --depth === 0) return text.slice(open + 1, index);
  }
  throw new Error('An unclosed block in the CSS');
}

function variablesIn(block: string, into: Theme): void {
  for (const match of block.matchAll(/(--[\w-]+)\s*:\s*(#[0-9a-fA-F]{3,8})\s*;/g))
    into.set(match[1]!, match[2]!);
}

/** The colour variables of `:root`, and of `:root` inside the dark colour-scheme query on top of them. */
function themes(): { light: Theme; dark: Theme } {
  const light: Theme = new Map();
  const darkOnly: Theme = new Map();
  for (const file of cssFiles(RENDERER)) {
    const text = readFileSync(file, 'utf8');
    const dark = /@media\s*\(prefers-color-scheme:\s*dark\)\s*\{/g;
    const darkRanges: [number, number][] = [];
    for (const match of text.matchAll(dark)) {
      const open = match.index + match[0].length - 1;
      const body = blockAt(text, open);
      darkRanges.push([open, open + body.length]);
      for (const root of body.matchAll(/:root\s*\{/g))
        variablesIn(blockAt(body, root.index + root[0].length - 1), darkOnly);
    }
    for (const root of text.matchAll(/:root\s*\{/g)) {
      if (darkRanges.some(([from, to]) => root.index > from && root.index < to)) continue;
      variablesIn(blockAt(text, root.index + root[0].length - 1), light);
    }
  }
  return { light, dark: new Map([...light, ...darkOnly]) };
}

function channels(hex: string): [number, number, number] {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits.slice(0, 6);
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Colours text is written in. */
const TEXT = ['--fg', '--muted', '--accent', '--danger', '--warning', '--success', '--info'];
/** Surfaces such text sits on: the page, panels, the sidebar, hovered and selected rows, code, chat bubbles. */
const SURFACES = [
  '--bg',
  '--bg-subtle',
  '--bg-sidebar',
  '--bg-hover',
  '--bg-selected',
  '--bg-code',
  '--bubble',
];
/** Pairs made for each other. */
const PAIRS: [string, string][] = [
  ['--danger', '--danger-bg'],
  ['--warning', '--warning-bg'],
  ['--accent-fg', '--accent'],
  // Count badges: the page colour on the danger colour.
  ['--bg', '--danger'],
  ...[
    '--hl-keyword',
    '--hl-string',
    '--hl-number',
    '--hl-comment',
    '--hl-title',
    '--hl-type',
    '--hl-added',
    '--hl-removed',
  ].map((name): [string, string] => [name, '--bg-code']),
];

const AA = 4.5;

describe('theme contrast (WCAG AA for normal text)', () => {
  const { light, dark } = themes();
  for (const [name, theme] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`${name}: every text colour on every surface reaches ${AA}:1`, () => {
      const pairs: [string, string][] = [
        ...TEXT.flatMap((text) => SURFACES.map((surface): [string, string] => [text, surface])),
        ...PAIRS,
      ];
      const failing: string[] = [];
      for (const [text, surface] of pairs) {
        const fg = theme.get(text);
        const bg = theme.get(surface);
        expect(fg, `${name} theme defines ${text}`).toBeDefined();
        expect(bg, `${name} theme defines ${surface}`).toBeDefined();
        const ratio = contrast(fg!, bg!);
        if (ratio < AA) failing.push(`${text} ${fg} on ${surface} ${bg}: ${ratio.toFixed(2)}`);
      }
      expect(failing).toEqual([]);
    });
  }

  it('measures a known pair correctly', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
