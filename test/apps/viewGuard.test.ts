// The view's guard as text: where it goes in the view's HTML, and that it cannot end its own script element.
import { describe, expect, it } from 'vitest';
import { GUARD_SCRIPT, placeFirst } from '../../src/main/apps/viewGuard';

const GUARD = '<script nonce="n">guard()</script>';

describe('placeFirst', () => {
  it('puts the guard right after a leading doctype, so the view keeps its rendering mode', () => {
    expect(placeFirst('<!doctype html><html><script>view()</script>', GUARD)).toBe(
      `<!doctype html>${GUARD}<html><script>view()</script>`,
    );
    expect(placeFirst('\uFEFF\n  <!DOCTYPE html SYSTEM "about:legacy-compat">\n<p>', GUARD)).toBe(
      `\uFEFF\n  <!DOCTYPE html SYSTEM "about:legacy-compat">${GUARD}\n<p>`,
    );
  });

  it('puts it at the very start otherwise, before anything of the view', () => {
    expect(placeFirst('<script>view()</script>', GUARD)).toBe(`${GUARD}<script>view()</script>`);
    expect(placeFirst('', GUARD)).toBe(GUARD);
    for (const html of [
      '<!-- a comment --><!doctype html><p>',
      '<textarea><!doctype html></textarea><script>view()</script>',
      'text <!doctype html>',
      '\u00a0<!doctype html>',
    ])
      expect(placeFirst(html, GUARD), html).toBe(GUARD + html);
  });
});

describe('GUARD_SCRIPT', () => {
  it('is one call of a function, and nothing in it can end or escape its script element', () => {
    expect(GUARD_SCRIPT).toMatch(/^\(function guardViewRealm\(\) \{[\s\S]*\}\)\(\);$/);
    expect(GUARD_SCRIPT).not.toMatch(/<\/script|<!--|<script/i);
  });
});
