// The window's permission decisions: the app's own page may write to the clipboard, and nothing gets anything else.
import { describe, expect, it } from 'vitest';
import { permissionAllowed } from '../../src/main/security/permissions';
import { APP_ORIGIN } from '../../src/main/security/schemes';

const ask = (permission: string, requestingUrl: string | undefined, isMainFrame = true) => ({
  permission,
  requestingUrl,
  isMainFrame,
});

describe('permissionAllowed', () => {
  it('lets the app page write copied text to the clipboard (by URL or by origin)', () => {
    expect(
      permissionAllowed(ask('clipboard-sanitized-write', 'app://switchboard/index.html'), APP_ORIGIN),
    ).toBe(true);
    expect(permissionAllowed(ask('clipboard-sanitized-write', 'app://switchboard'), APP_ORIGIN)).toBe(true);
  });

  it('denies every other permission to the app page', () => {
    for (const permission of [
      'clipboard-read',
      'notifications',
      'media',
      'display-capture',
      'geolocation',
      'fullscreen',
      'openExternal',
      'hid',
      'serial',
      'usb',
      'fileSystem',
      'midiSysex',
      'local-network-access',
      'storage-access',
      'window-management',
      'unknown',
    ]) {
      expect(permissionAllowed(ask(permission, 'app://switchboard/index.html'), APP_ORIGIN), permission).toBe(
        false,
      );
    }
  });

  it('denies even the clipboard to subframes, other origins and unknown requesters', () => {
    const write = 'clipboard-sanitized-write';
    expect(permissionAllowed(ask(write, 'app://switchboard/index.html', false), APP_ORIGIN)).toBe(false);
    expect(permissionAllowed(ask(write, 'app-view://server/index.html'), APP_ORIGIN)).toBe(false);
    expect(permissionAllowed(ask(write, 'https://example.com/'), APP_ORIGIN)).toBe(false);
    expect(permissionAllowed(ask(write, 'file:///index.html'), APP_ORIGIN)).toBe(false);
    expect(permissionAllowed(ask(write, undefined), APP_ORIGIN)).toBe(false);
    expect(permissionAllowed(ask(write, ''), APP_ORIGIN)).toBe(false);
  });

  it('denies app views everything, above all the media a peer connection could send', () => {
    const view = 'switchboard-view://sandbox/view/abcdefghijklmnopqrstuvwx';
    for (const permission of [
      'media',
      'display-capture',
      'speaker-selection',
      'mediaKeySystem',
      'geolocation',
      'clipboard-sanitized-write',
      'local-network-access',
    ]) {
      for (const requestingUrl of [view, 'about:srcdoc', 'null', undefined]) {
        expect(permissionAllowed(ask(permission, requestingUrl, false), APP_ORIGIN), permission).toBe(false);
        expect(permissionAllowed(ask(permission, requestingUrl, true), APP_ORIGIN), permission).toBe(false);
      }
    }
  });

  it('follows the dev server origin when that is the app', () => {
    const dev = 'http://localhost:5173';
    expect(permissionAllowed(ask('clipboard-sanitized-write', 'http://localhost:5173/'), dev)).toBe(true);
    expect(permissionAllowed(ask('clipboard-sanitized-write', 'app://switchboard/'), dev)).toBe(false);
  });
});
