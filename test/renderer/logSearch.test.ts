// Log search and copy: every word must match (any case) in the text, logger or source; a copied line reads whole.
import { describe, expect, it } from 'vitest';
import { logLineText, matchesLog } from '../../src/renderer/src/features/logs/logSearch';
import type { LogEntry } from '../../src/shared/types';

const entry: LogEntry = {
  seq: 1,
  time: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
  source: 'notification',
  level: 'warning',
  logger: 'db',
  text: 'Connection RESET by peer\nretrying',
};

describe('matchesLog', () => {
  it('matches every word in any case, across text, logger and source', () => {
    expect(matchesLog(entry, '')).toBe(true);
    expect(matchesLog(entry, 'reset')).toBe(true);
    expect(matchesLog(entry, 'db retrying')).toBe(true);
    expect(matchesLog(entry, 'notification peer')).toBe(true);
    expect(matchesLog(entry, 'reset timeout')).toBe(false);
  });
});

describe('logLineText', () => {
  it('keeps the whole text with its time, source, level and logger', () => {
    expect(logLineText(entry)).toMatch(
      /^\d\d:\d\d:\d\d\.006 notification warning db Connection RESET by peer\nretrying$/,
    );
  });
});
