// Every test file starts with the page's English loaded: every area, as the page has each once its code is in (and,
// as in the page, not the host's words, whose English comes with them).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll } from 'vitest';
import { addEnglish } from '../../src/renderer/src/i18n/catalogues';
import { chooseLanguage } from '../../src/renderer/src/i18n/language';

const PAGE_ENGLISH = join(import.meta.dirname, '../../src/renderer/src/locales/en');
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;

for (const name of readdirSync(PAGE_ENGLISH).filter((file) => file.endsWith('.json')))
  addEnglish(basename(name, '.json'), read(join(PAGE_ENGLISH, name)));

beforeAll(() => chooseLanguage('en', false));
