// How the page's catalogues load: each module gets the English areas it names (and nothing for a command name), a
// file is parsed only when read, a language finds a message by its area and falls back, and a file holds only its area.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { checkAreas } from '../../scripts/i18nCheck';
import { englishWhereSaid, precompiledMessages } from '../../scripts/precompiledMessages';
import { byArea, parsedOnFirstUse } from '../../src/renderer/src/i18n/lazyMessages';

const REGISTRY = '/page/src/renderer/src/i18n/catalogues.ts';

function english(): string {
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-english-'));
  writeFileSync(join(folder, 'chat.json'), JSON.stringify({ 'chat.send': 'Send', 'chat.title': 'Chat' }));
  writeFileSync(join(folder, 'servers.json'), JSON.stringify({ 'servers.state.running': 'Running' }));
  writeFileSync(join(folder, 'models.json'), JSON.stringify({ 'models.title': 'Models' }));
  return folder;
}

function transform(plugin: Plugin, code: string, id: string): string | null {
  const hook = plugin.transform as (code: string, id: string) => { code: string } | null;
  return hook.call({}, code, id)?.code ?? null;
}

describe('English with the code that says it', () => {
  const plugin = englishWhereSaid({ registry: REGISTRY, pageEnglish: english() });
  const module = '/page/src/renderer/src/features/chat/Send.tsx';

  it('adds the areas a module names, by a whole id or the start of one, before its own code', () => {
    const code = transform(
      plugin,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a module, which has a template in it.
      "const label = t('chat.send');\nconst state = (s: string) => t(`servers.state.${s}`);",
      module,
    );
    expect(code?.split('\n').slice(0, 5)).toEqual([
      `import { addEnglish as __addEnglish } from "${REGISTRY}";`,
      expect.stringMatching(/^import __english0 from ".*chat\.json";$/),
      '__addEnglish("chat", __english0);',
      expect.stringMatching(/^import __english1 from ".*servers\.json";$/),
      '__addEnglish("servers", __english1);',
    ]);
  });

  it('leaves alone a module that names no message: a command name is not one', () => {
    expect(
      transform(plugin, "client.invoke('models.get', {}); const x = 'chat.nothing';", module),
    ).toBeNull();
    expect(transform(plugin, "t('chat.send')", '/page/src/main/chat.ts')).toBeNull();
    expect(transform(plugin, "t('chat.send')", REGISTRY)).toBeNull();
  });
});

describe('catalogue files read on first use', () => {
  it('parses a file only when a message of it is read', () => {
    const broken = parsedOnFirstUse('{ not json');
    expect(() => broken['chat.send']).toThrow(SyntaxError);
    const file = precompiledMessages('/reader.ts').transform as (
      code: string,
      id: string,
    ) => { code: string };
    const built = file.call(
      {},
      JSON.stringify({ 'chat.send': 'Send {count}' }),
      '/page/src/renderer/src/locales/en/chat.json',
    );
    const json = JSON.parse(/parsedOnFirstUse\((.*)\);$/.exec(built.code)?.[1] ?? '""') as string;
    expect(parsedOnFirstUse(json)['chat.send']).toEqual([
      { type: 0, value: 'Send ' },
      { type: 1, value: 'count' },
    ]);
  });

  it('finds a message in its area, then in the fallback, and cannot be written', () => {
    const fallback = byArea(new Map([['chat', { 'chat.send': 'Send', 'chat.title': 'Chat' }]]));
    const german = byArea(new Map([['chat', { 'chat.send': 'Senden' }]]), fallback);
    expect(german['chat.send']).toBe('Senden');
    expect(german['chat.title']).toBe('Chat');
    expect(german['servers.title']).toBeUndefined();
    expect(Object.hasOwn(german, 'chat.title')).toBe(true);
    expect(Object.keys(german).sort()).toEqual(['chat.send', 'chat.title']);
    expect(Reflect.set(german, 'chat.send', 'x')).toBe(false);
  });
});

describe('a file holds only its area', () => {
  it('reports a message filed under another area', () => {
    expect(
      checkAreas({ chat: { 'chat.send': 'Send', 'servers.title': 'Servers' } }, 'en').map((f) => f.problem),
    ).toEqual(['servers.title is in chat.json, not in servers.json']);
  });
});
