// Plurals, numbers, sizes, durations, lists and times in each shipped language, from the real catalogues.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../src/renderer/src/i18n/catalogues';
import { formattersFor } from '../../src/renderer/src/i18n/formatting';
import { type Locale, systemLocale } from '../../src/renderer/src/i18n/locales';

async function intlOf(locale: Locale) {
  return createIntl({ locale, defaultLocale: 'en', messages: await loadMessages(locale) });
}

async function everyLanguage() {
  return { en: await intlOf('en'), zh: await intlOf('zh-CN'), de: await intlOf('de') };
}

describe('the language the page starts in', () => {
  it('follows the first system language Switchboard speaks, and reads Traditional Chinese as not Simplified', () => {
    expect(systemLocale(['de-AT', 'en-US'])).toBe('de');
    expect(systemLocale(['fr-FR', 'zh-Hans-CN'])).toBe('zh-CN');
    expect(systemLocale(['zh'])).toBe('zh-CN');
    expect(systemLocale(['zh-TW', 'de'])).toBe('de');
    expect(systemLocale(['ja-JP'])).toBe('en');
    expect(systemLocale([])).toBe('en');
  });
});

describe('formatting in each language', () => {
  it('writes plurals by each language’s rules', async () => {
    const { en, zh, de } = await everyLanguage();
    expect([0, 1, 2].map((count) => en.formatMessage({ id: 'format.size.bytes' }, { count }))).toEqual([
      '0 bytes',
      '1 byte',
      '2 bytes',
    ]);
    expect([1, 2].map((count) => de.formatMessage({ id: 'format.size.bytes' }, { count }))).toEqual([
      '1 Byte',
      '2 Bytes',
    ]);
    // Chinese has one form for every count.
    expect([1, 2].map((count) => zh.formatMessage({ id: 'format.size.bytes' }, { count }))).toEqual([
      '1 字节',
      '2 字节',
    ]);
  });

  it('writes numbers, sizes and durations with each language’s separators', async () => {
    const { en, zh, de } = await everyLanguage();
    const f = { en: formattersFor(en), zh: formattersFor(zh), de: formattersFor(de) };
    expect([f.en.number(1234567.5), f.zh.number(1234567.5), f.de.number(1234567.5)]).toEqual([
      '1,234,567.5',
      '1,234,567.5',
      '1.234.567,5',
    ]);
    expect([f.en.size(1536), f.zh.size(1536), f.de.size(1536)]).toEqual(['1.5 KB', '1.5 KB', '1,5 KB']);
    expect([f.en.size(3 * 1024 * 1024), f.de.size(3 * 1024 * 1024)]).toEqual(['3.0 MB', '3,0 MB']);
    expect([f.en.duration(2500), f.zh.duration(2500), f.de.duration(2500)]).toEqual([
      '2.5 s',
      '2.5 秒',
      '2,5 s',
    ]);
    expect([f.en.duration(185_000), f.zh.duration(185_000)]).toEqual(['3 min 5 s', '3 分 5 秒']);
    expect([f.en.list(['a', 'b', 'c']), f.zh.list(['a', 'b', 'c']), f.de.list(['a', 'b', 'c'])]).toEqual([
      'a, b, and c',
      'a、b和c',
      'a, b und c',
    ]);
  });

  it('writes relative times and dates in each language', async () => {
    const { en, zh, de } = await everyLanguage();
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    expect(formattersFor(en).relative(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(formattersFor(zh).relative(now - 5 * 60_000, now)).toBe('5分钟前');
    expect(formattersFor(de).relative(now - 24 * 3_600_000, now)).toBe('gestern');
    expect(formattersFor(de).date(now, { dateStyle: 'long', timeZone: 'UTC' })).toBe('28. November 2026');
    expect(formattersFor(zh).date(now, { dateStyle: 'long', timeZone: 'UTC' })).toBe('2026年11月28日');
  });
});
