// Build step: the page's message catalogues go in already parsed (ICU to its syntax tree), so the first render formats
// its words without parsing each message first.
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** Catalogue files this rewrites: the page's and the host's, as the page imports them. */
const CATALOGUE = /[\\/]src[\\/](renderer[\\/]src|shared)[\\/]locales[\\/].+\.json$/;

export function precompiledMessages(): Plugin {
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
      // As `JSON.parse` of a string: the engine reads that far faster than the same object written as code.
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(parsed))});`,
        map: null,
        moduleType: 'js',
      };
    },
  };
}
