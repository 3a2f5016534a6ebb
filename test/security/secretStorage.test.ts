// Where API keys go: the OS keychain only where it really encrypts; Linux's basic_text backend is refused.
import { describe, expect, it } from 'vitest';
import { chooseSecretStorage, secretStorageNotice } from '../../src/main/security/secretStorage';

describe('chooseSecretStorage', () => {
  it('uses the keychain on macOS and Windows when safeStorage can encrypt', () => {
    expect(chooseSecretStorage({ platform: 'darwin', encryptionAvailable: true })).toEqual({
      kind: 'keychain',
    });
    expect(chooseSecretStorage({ platform: 'win32', encryptionAvailable: true })).toEqual({
      kind: 'keychain',
    });
  });

  it('uses a real Linux keyring', () => {
    for (const backend of ['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']) {
      expect(
        chooseSecretStorage({ platform: 'linux', encryptionAvailable: true, linuxBackend: backend }),
      ).toEqual({
        kind: 'keychain',
      });
    }
  });

  it("refuses Linux's basic_text backend, and a backend it cannot name", () => {
    for (const backend of ['basic_text', 'unknown', undefined]) {
      expect(
        chooseSecretStorage({ platform: 'linux', encryptionAvailable: true, linuxBackend: backend }),
        String(backend),
      ).toEqual({ kind: 'config-file', reason: 'no-keyring' });
    }
  });

  it('keeps keys in config.json wherever encryption is unavailable', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      expect(
        chooseSecretStorage({ platform, encryptionAvailable: false, linuxBackend: 'gnome_libsecret' }),
      ).toEqual({ kind: 'config-file', reason: 'unavailable' });
    }
  });
});

describe('secretStorageNotice', () => {
  it('says nothing when keys go to the keychain', () => {
    expect(secretStorageNotice({ kind: 'keychain' }, '/home/me/.config/Switchboard/config.json')).toBeNull();
  });

  it('tells where the keys are and why, in plain words', () => {
    const path = '/home/me/.config/Switchboard/config.json';
    const notice = secretStorageNotice({ kind: 'config-file', reason: 'no-keyring' }, path);
    expect(notice?.message).toMatch(/config\.json, not encrypted/);
    expect(notice?.detail).toContain(path);
    expect(notice?.detail).toMatch(/keyring/i);
    expect(notice?.detail).toMatch(/apiKeyEnv/);
    const other = secretStorageNotice({ kind: 'config-file', reason: 'unavailable' }, path);
    expect(other?.detail).toContain(path);
    expect(other?.detail).not.toEqual(notice?.detail);
  });
});
