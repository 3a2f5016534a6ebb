// Small formatters shared by views: times, sizes, errors in plain words, in the page's current language.
import { HostCallError } from '../../../shared/hostCallError';
import { type HostText, resolved } from '../../../shared/hostTextShape';
import { format, translate } from '../i18n';
import { currentLanguage } from '../i18n/language';

/** `14:03:22.114` */
export function formatTime(epochMs: number): string {
  return format().preciseClock(epochMs);
}

/** `14:03:22` */
export function formatClock(epochMs: number): string {
  return format().clock(epochMs);
}

/** What went wrong, for a person to read: the host's message in the page's language when it sent one by id. */
export function describeError(error: unknown): string {
  if (error instanceof HostCallError) return hostWords(error.message, error.text);
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Words the host put into state or an error: `text` in the page's language when the page has the host's words, else
 * the host's English `message`. The page loads the host's words only with another language: in English the `message`
 * already says them. The messages inside a known one are known too (one catalogue).
 */
export function hostWords(message: string, text: HostText | undefined): string {
  if (!text || !known(text)) return message;
  return translate(
    text.id,
    resolved(text.values, (inner) => hostWords(inner.id, inner)),
  );
}

function known(text: HostText): boolean {
  return currentLanguage().intl.messages[text.id] !== undefined;
}

/** Quotes a word for display when it holds spaces or quotes, so the line reads like a shell command. */
export function shellWord(word: string): string {
  return word === '' || /[\s'"\\$`]/.test(word) ? JSON.stringify(word) : word;
}

/** `512 bytes`, `1.5 KB`, `2.0 MB` */
export function formatSize(bytes: number): string {
  return format().size(bytes);
}
