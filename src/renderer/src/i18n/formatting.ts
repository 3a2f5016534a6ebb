// Numbers, sizes, times and durations in the page's language, through Intl and the `format.*` messages.
import type { FormatNumberOptions, IntlShape } from 'react-intl';
import { sayerFor } from './saying';

const KB = 1024;
const MB = 1024 * 1024;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type Formatters = ReturnType<typeof formattersOf>;

const made = new WeakMap<IntlShape, Formatters>();

/** The formatters of one language (made once per language). */
export function formattersFor(intl: IntlShape): Formatters {
  let formatters = made.get(intl);
  if (!formatters) {
    formatters = formattersOf(intl);
    made.set(intl, formatters);
  }
  return formatters;
}

function formattersOf(intl: IntlShape) {
  const message = sayerFor(intl);
  // `hourCycle: 'h23'`, not `hour12: false`, which says `24:05` after midnight.
  const clock = (epochMs: number) =>
    intl.formatTime(epochMs, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return {
    /** `1,234` / `1.234` */
    number: (value: number, options?: FormatNumberOptions) => intl.formatNumber(value, options),
    /** `512 bytes`, `1.5 KB`, `2.0 MB` */
    size: (bytes: number) => {
      if (bytes < KB) return message('format.size.bytes', { count: bytes });
      if (bytes < MB) return message('format.size.kb', { value: bytes / KB });
      return message('format.size.mb', { value: bytes / MB });
    },
    /** `850 ms`, `2.5 s`, `3 min 5 s`, `2 h 10 min` */
    duration: (ms: number) => {
      if (ms < SECOND) return message('format.duration.ms', { value: Math.round(ms) });
      if (ms < MINUTE) return message('format.duration.seconds', { value: ms / SECOND });
      if (ms < HOUR)
        return message('format.duration.minutes', {
          minutes: Math.floor(ms / MINUTE),
          seconds: Math.floor((ms % MINUTE) / SECOND),
        });
      return message('format.duration.hours', {
        hours: Math.floor(ms / HOUR),
        minutes: Math.floor((ms % HOUR) / MINUTE),
      });
    },
    /** `14:03:22` */
    clock,
    /** `14:03:22.114` */
    preciseClock: (epochMs: number) =>
      `${clock(epochMs)}.${String(Math.floor(epochMs % 1000)).padStart(3, '0')}`,
    /** `14:03` */
    shortClock: (epochMs: number) =>
      intl.formatTime(epochMs, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    /** `27 Nov 2026, 14:03:22` in the language's own order */
    dateTime: (epochMs: number) => intl.formatDate(epochMs, { dateStyle: 'medium', timeStyle: 'medium' }),
    /** `27 Nov 2026` */
    date: (epochMs: number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
      intl.formatDate(epochMs, options),
    /** `5 minutes ago`, `in 2 hours`, `yesterday` */
    relative: (epochMs: number, now = Date.now()) => {
      const delta = epochMs - now;
      const size = Math.abs(delta);
      if (size < MINUTE)
        return intl.formatRelativeTime(Math.round(delta / SECOND), 'second', { numeric: 'auto' });
      if (size < HOUR)
        return intl.formatRelativeTime(Math.round(delta / MINUTE), 'minute', { numeric: 'auto' });
      if (size < DAY) return intl.formatRelativeTime(Math.round(delta / HOUR), 'hour', { numeric: 'auto' });
      return intl.formatRelativeTime(Math.round(delta / DAY), 'day', { numeric: 'auto' });
    },
    /** `a, b and c` / `a、b和c` / `a, b und c` */
    list: (items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction') =>
      intl.formatList(items, { type }),
  };
}
