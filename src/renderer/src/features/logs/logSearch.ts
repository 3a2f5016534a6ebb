// Searching and copying log lines: which lines match the person's words, and a line as plain text.
import type { LogEntry } from '../../../../shared/types';
import { formatTime } from '../../components/format';

/** True when the line's text, logger or source holds every word of `query` (any case). */
export function matchesLog(entry: LogEntry, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${entry.text} ${entry.logger ?? ''} ${entry.source}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** One line as it reads in a copied log: time, source, level, logger, text. */
export function logLineText(entry: LogEntry): string {
  const logger = entry.logger ? ` ${entry.logger}` : '';
  return `${formatTime(entry.time)} ${entry.source} ${entry.level}${logger} ${entry.text}`;
}
