// The message catalogues. Each file is an area of messages (`chat.json` holds `chat.*`, the host's file `host.*`).
// English comes with the code that says it: the build adds an area to each module that names one of its messages
// (scripts/precompiledMessages.ts), so a section's words load with the section and the first paint carries only its own.
// The other languages load whole when chosen. The build hands each file over as its parsed messages in JSON, read when
// a message of it is first said; the tests add every English file as ICU text.
import { byArea, type Messages } from './lazyMessages';
import type { Locale } from './locales';

export type { Messages } from './lazyMessages';

type Files = Record<string, Messages>;

const pages: Record<Exclude<Locale, 'en'>, Record<string, () => Promise<Messages>>> = {
  'zh-CN': import.meta.glob<Messages>('../locales/zh-CN/*.json', { import: 'default' }),
  de: import.meta.glob<Messages>('../locales/de/*.json', { import: 'default' }),
};
const hosts: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  'zh-CN': () => import('../../../shared/locales/zh-CN.json').then((module) => module.default),
  de: () => import('../../../shared/locales/de.json').then((module) => module.default),
};
const HOST_AREA = 'host';

/** Page files by area (`../locales/en/chat.json` is `chat`), with the host's. */
function areas(page: Files, host: Messages): Map<string, Messages> {
  const byName = Object.entries(page).map(([path, messages]) => [
    /([^/]+)\.json$/.exec(path)?.[1] ?? path,
    messages,
  ]);
  return new Map([...(byName as [string, Messages][]), [HOST_AREA, host]]);
}

/** The English areas of the code loaded so far. */
const englishAreas = new Map<string, Messages>();

/** Adds an English area; the build calls this from each module that names one of its messages. */
export function addEnglish(area: string, messages: Messages): void {
  englishAreas.set(area, messages);
}

/** The page's English messages, as far as its code has loaded. */
const english: Messages = byArea(englishAreas);

async function read(locale: Exclude<Locale, 'en'>): Promise<Messages> {
  const names = Object.keys(pages[locale]);
  const [host, ...files] = await Promise.all([
    hosts[locale](),
    ...names.map((name) => pages[locale][name]?.()),
  ]);
  const page = Object.fromEntries(names.map((name, index) => [name, files[index] as Messages]));
  return byArea(areas(page, host as Messages), english);
}

const loaded = new Map<Locale, Promise<Messages>>([['en', Promise.resolve(english)]]);

/** A locale's messages (the page's and the host's); anything it lacks falls back to English. */
export function loadMessages(locale: Locale): Promise<Messages> {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = read(locale as Exclude<Locale, 'en'>);
    loaded.set(locale, messages);
    messages.catch(() => loaded.delete(locale));
  }
  return messages;
}

/** English, at once. */
export function englishMessages(): Messages {
  return english;
}
