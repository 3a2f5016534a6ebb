// The shell's origin checks: which pages count as the app, and which dev server address is accepted.
import { describe, expect, it } from 'vitest';
import { devRendererUrl, isAppUrl, originOf } from '../../src/main/security/origins';
import { APP_ENTRY_URL, APP_ORIGIN } from '../../src/main/security/schemes';

describe('originOf', () => {
  it('gives the app scheme an origin of its own, as Chromium does', () => {
    expect(originOf('app://switchboard/index.html')).toBe('app://switchboard');
    expect(originOf('https://example.com:8443/a?b#c')).toBe('https://example.com:8443');
    expect(originOf('http://localhost:5173/')).toBe('http://localhost:5173');
  });

  it('has no origin for schemes whose pages the app never trusts, or for nonsense', () => {
    for (const url of [
      'file:///home/me/out/renderer/index.html',
      'data:text/html,<script>1</script>',
      'blob:app://switchboard/1234',
      'about:blank',
      'javascript:alert(1)',
      'not a url',
      '',
      undefined,
    ]) {
      expect(originOf(url), String(url)).toBeNull();
    }
  });

  it('has no origin for an address with credentials in it', () => {
    expect(originOf('app://user:pw@switchboard/')).toBeNull();
  });
});

describe('isAppUrl', () => {
  it('accepts any page on the app origin and nothing else', () => {
    expect(isAppUrl('app://switchboard/index.html', APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://switchboard/', APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://other/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('app-view://switchboard/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('https://switchboard/index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('file:///index.html', APP_ENTRY_URL)).toBe(false);
    expect(isAppUrl('app://switchboard.evil.com/index.html', APP_ENTRY_URL)).toBe(false);
  });

  it('follows the dev server origin when developing', () => {
    const dev = 'http://localhost:5173/';
    expect(isAppUrl('http://localhost:5173/src/main.tsx', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isAppUrl(APP_ENTRY_URL, dev)).toBe(false);
  });

  it('never matches when the app URL itself has no origin', () => {
    expect(isAppUrl('file:///a/index.html', 'file:///a/index.html')).toBe(false);
  });

  it('agrees with the app origin constant', () => {
    expect(originOf(APP_ENTRY_URL)).toBe(APP_ORIGIN);
  });
});

describe('devRendererUrl', () => {
  it('takes a loopback http dev server when unpackaged', () => {
    expect(devRendererUrl('http://localhost:5173', false)).toBe('http://localhost:5173/');
    expect(devRendererUrl('http://127.0.0.1:5173/', false)).toBe('http://127.0.0.1:5173/');
    expect(devRendererUrl('http://[::1]:5173/', false)).toBe('http://[::1]:5173/');
  });

  it('ignores the variable in a packaged app', () => {
    expect(devRendererUrl('http://localhost:5173', true)).toBeNull();
  });

  it('refuses other hosts, other schemes, credentials and nonsense', () => {
    for (const value of [
      'http://example.com:5173/',
      'http://localhost.example.com/',
      'http://192.168.1.2:5173/',
      'https://localhost:5173/',
      'file:///tmp/index.html',
      'http://user:pw@localhost:5173/',
      'localhost:5173',
      '',
      undefined,
    ]) {
      expect(devRendererUrl(value, false), String(value)).toBeNull();
    }
  });
});
