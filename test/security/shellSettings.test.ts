// The window's settings and the privileged schemes: isolation on, nothing that weakens it, one place for schemes.
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, APP_SCHEME, PRIVILEGED_SCHEMES } from '../../src/main/security/schemes';
import { secureWebPreferences, WEBRTC_IP_HANDLING_POLICY } from '../../src/main/security/windowPreferences';

describe('secureWebPreferences', () => {
  it('isolates the page and enables nothing that weakens it', () => {
    const preferences: Record<string, unknown> = secureWebPreferences('/app/out/preload/index.cjs');
    expect(preferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
    expect(preferences).not.toHaveProperty('enableBlinkFeatures');
    expect(preferences).not.toHaveProperty('partition');
  });

  it('lets WebRTC use UDP only through a proxy, in every web contents', () => {
    expect(WEBRTC_IP_HANDLING_POLICY).toBe('disable_non_proxied_udp');
  });
});

describe('PRIVILEGED_SCHEMES', () => {
  it('registers the app scheme as standard, secure, fetchable and code-cached, without CSP bypass or cross-origin reads', () => {
    const app = PRIVILEGED_SCHEMES.find((entry) => entry.scheme === APP_SCHEME);
    expect(app?.privileges).toMatchObject({
      standard: true,
      secure: true,
      supportFetchAPI: true,
      codeCache: true,
    });
    expect(app?.privileges.bypassCSP ?? false).toBe(false);
    expect(app?.privileges.corsEnabled ?? false).toBe(false);
    expect(app?.privileges.allowServiceWorkers ?? false).toBe(false);
    expect(APP_ORIGIN).toBe('app://switchboard');
  });

  it('names each scheme once, and none the browser already owns', () => {
    const names = PRIVILEGED_SCHEMES.map((entry) => entry.scheme);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(['http', 'https', 'file', 'data', 'blob', 'about', 'javascript', 'ws', 'wss']).not.toContain(
        name,
      );
      expect(name).toMatch(/^[a-z][a-z0-9+.-]*$/);
    }
  });
});
