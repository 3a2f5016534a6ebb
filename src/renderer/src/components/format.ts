// Small formatters shared by views: times, counts, errors in plain words.
import { HostCallError } from '../../../shared/hostCallError';

/** Made on first use: the first formatter the page makes loads the locale's data, which would lengthen the page's start. */
let clockFormat: Intl.DateTimeFormat | undefined;
const clock = () =>
  (clockFormat ??= new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }));

/** `14:03:22.114` */
export function formatTime(epochMs: number): string {
  const ms = String(Math.floor(epochMs % 1000)).padStart(3, '0');
  return `${clock().format(epochMs)}.${ms}`;
}

/** `14:03:22` */
export function formatClock(epochMs: number): string {
  return clock().format(epochMs);
}

/** `1 tool`, `3 tools` */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** What went wrong, for a person to read. */
export function describeError(error: unknown): string {
  if (error instanceof HostCallError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Quotes a word for display when it holds spaces or quotes, so the line reads like a shell command. */
export function shellWord(word: string): string {
  return word === '' || /[\s'"\\$`]/.test(word) ? JSON.stringify(word) : word;
}

/** `512 bytes`, `1.5 KB`, `2.0 MB` */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
