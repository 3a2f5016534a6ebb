// Build steps for the page's message catalogues: each goes in already parsed (ICU to its syntax tree), as JSON read on
// first use; and each module of the page gets the English areas whose messages it names, so they load with it.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** Catalogue files: the page's and the host's, as the page imports them. */
const CATALOGUE = /[\\/]src[\\/](renderer[\\/]src|shared)[\\/]locales[\\/].+\.json$/;
/** The page's code, where messages are named (the shared code makes host texts, which the page says through its own). */
const SOURCE = /[\\/]src[\\/]renderer[\\/]src[\\/].+\.tsx?$/;

/** `reader`: the module whose `parsedOnFirstUse` turns a file's JSON into its messages (src/renderer/src/i18n/lazyMessages.ts). */
export function precompiledMessages(reader: string): Plugin {
  return {
    name: 'precompiled-messages',
    // Before Vite's own JSON handling: the catalogue becomes a module whose default export is its parsed messages.
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const parsed = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, parse(message)]),
      );
      // As a string parsed on first use: the engine reads JSON far faster than the same object written as code, and
      // not at all for an area the page does not show.
      return {
        code: `import { parsedOnFirstUse } from ${JSON.stringify(reader)};\nexport default parsedOnFirstUse(${JSON.stringify(JSON.stringify(parsed))});`,
        map: null,
        moduleType: 'js',
      };
    },
  };
}

/**
 * Gives each module that names a message its area's English file, added to the catalogue (`registry`'s `addEnglish`)
 * before the module's own code runs: a quoted id (`'chat.send'`) or the start of one (`` `servers.state.${state}` ``).
 * The bundler then puts each area beside the code that says it: in the page's first load only the areas of the code
 * it loads, the rest with its section.
 */
export function englishWhereSaid(options: { registry: string; pageEnglish: string }): Plugin {
  const files = new Map(
    readdirSync(options.pageEnglish)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [basename(name, '.json'), join(options.pageEnglish, name)]),
  );
  const ids = [...files.values()].flatMap((file) => Object.keys(JSON.parse(readFileSync(file, 'utf8'))));
  const known = new Set(ids);
  const areaOf = (id: string) => id.slice(0, id.indexOf('.'));
  return {
    name: 'english-where-said',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      if (!SOURCE.test(path) || path === options.registry) return null;
      const areas = new Set<string>();
      for (const [, named] of code.matchAll(QUOTED_ID))
        if (named && known.has(named)) areas.add(areaOf(named));
      for (const [, start] of code.matchAll(ID_START))
        if (start && ids.some((known) => known.startsWith(start))) areas.add(areaOf(start));
      if (areas.size === 0) return null;
      const lines = [`import { addEnglish as __addEnglish } from ${JSON.stringify(options.registry)};`];
      [...areas].forEach((area, index) => {
        lines.push(`import __english${index} from ${JSON.stringify(files.get(area))};`);
        lines.push(`__addEnglish(${JSON.stringify(area)}, __english${index});`);
      });
      return { code: `${lines.join('\n')}\n${code}`, map: null };
    },
  };
}

/** A quoted message id: `'chat.send'`, `"chat.send"`. */
const QUOTED_ID = /['"`]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"`]/g;
/** The start of a message id in a template: `` `servers.state.${ `` */
const ID_START = /`([a-zA-Z][\w-]*(?:\.[\w-]+)*\.)\$\{/g;
