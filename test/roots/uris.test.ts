// Folder paths ↔ file:// URIs: percent-encoding of tricky names survives the round trip.
import { describe, expect, it } from 'vitest';
import { pathToUri, uriToPath } from '../../src/main/roots/uris';

describe.skipIf(process.platform === 'win32')('file:// URIs of folders', () => {
  it.each([
    ['/home/me/My Projects', 'file:///home/me/My%20Projects'],
    ['/home/me/Ünïcödé 日本', 'file:///home/me/%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%97%A5%E6%9C%AC'],
    ['/home/me/C# notes', 'file:///home/me/C%23%20notes'],
    ['/home/me/100% done', 'file:///home/me/100%25%20done'],
    ['/home/me/what?', 'file:///home/me/what%3F'],
    ['/home/me/%20 is not a space', 'file:///home/me/%2520%20is%20not%20a%20space'],
    ['/', 'file:///'],
  ])('%s ↔ %s', (path, uri) => {
    expect(pathToUri(path)).toBe(uri);
    expect(uriToPath(uri)).toBe(path);
  });

  it('round-trips odd but legal names', () => {
    for (const name of [
      'a\tb',
      'new\nline',
      'back\\slash',
      'semi;colon',
      'amp&er=sand',
      "quote'd",
      'emoji 🎉',
      '..dots',
    ]) {
      const path = `/tmp/${name}`;
      expect(uriToPath(pathToUri(path))).toBe(path);
    }
  });

  it('refuses addresses that are not file:// URIs', () => {
    expect(() => uriToPath('https://example.com/x')).toThrow(/not a file:\/\/ address/);
  });
});
