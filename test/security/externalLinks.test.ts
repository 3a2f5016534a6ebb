// Which addresses may leave the app for the person's browser: https only, no credentials, nothing hidden, bounded.
import { describe, expect, it } from 'vitest';
import { checkExternalLink, MAX_EXTERNAL_URL_LENGTH } from '../../src/main/security/externalLinks';

describe('checkExternalLink', () => {
  it('accepts https links and gives back the normalised address', () => {
    expect(checkExternalLink('https://modelcontextprotocol.io/docs')).toEqual({
      ok: true,
      url: 'https://modelcontextprotocol.io/docs',
    });
    expect(checkExternalLink('HTTPS://Example.COM/a b'.replace(' ', '%20'))).toEqual({
      ok: true,
      url: 'https://example.com/a%20b',
    });
  });

  it('shows internationalised hosts in the form that cannot imitate another site', () => {
    const check = checkExternalLink('https://exаmple.com/');
    expect(check.ok && check.url).toBe('https://xn--exmple-4nf.com/');
  });

  it('refuses every other scheme', () => {
    for (const url of [
      'http://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,hi',
      'smb://server/share',
      'ms-settings:privacy',
      'vscode://file/x',
      'app://switchboard/index.html',
      'mailto:a@example.com',
      '//example.com/',
      'example.com',
    ]) {
      expect(checkExternalLink(url).ok, url).toBe(false);
    }
  });

  it('refuses credentials in the address', () => {
    expect(checkExternalLink('https://user@example.com/').ok).toBe(false);
    expect(checkExternalLink('https://user:secret@example.com/').ok).toBe(false);
    expect(checkExternalLink('https://:secret@example.com/').ok).toBe(false);
  });

  it('refuses spaces and control characters the parser would silently drop', () => {
    for (const url of [
      ' https://example.com/',
      'https://example.com/\n',
      'https://exa\tmple.com/',
      'https://example.com/\u0000',
      'https://example.com/a b',
      'java\nscript:alert(1)',
    ]) {
      expect(checkExternalLink(url).ok, JSON.stringify(url)).toBe(false);
    }
  });

  it('refuses addresses longer than the bound, also after normalising', () => {
    const base = 'https://example.com/';
    expect(checkExternalLink(base + 'a'.repeat(MAX_EXTERNAL_URL_LENGTH - base.length)).ok).toBe(true);
    expect(checkExternalLink(base + 'a'.repeat(MAX_EXTERNAL_URL_LENGTH - base.length + 1)).ok).toBe(false);
    expect(checkExternalLink(base + 'é'.repeat(MAX_EXTERNAL_URL_LENGTH - base.length)).ok).toBe(false);
  });

  it('refuses what is not a string or not an address, with a reason', () => {
    for (const value of [undefined, null, 42, {}, '', 'https://']) {
      const check = checkExternalLink(value);
      expect(check.ok, String(value)).toBe(false);
      if (!check.ok) expect(check.reason.length).toBeGreaterThan(0);
    }
  });
});
