import { describe, expect, it } from 'vitest';
import { ViewPolicies } from '../../src/main/apps/viewHosting';
import {
  APP_VIEW_ORIGIN,
  frameMayNavigate,
  isViewPage,
  pageOrigin,
  sandboxAnswer,
  viewWindowOptions,
} from '../../src/main/electron/appViews';

const APP = 'app://switchboard';

describe("Electron's view scheme", () => {
  it('serves the proxy and open views on switchboard-view://sandbox only', () => {
    const policies = new ViewPolicies();
    policies.register('abcdefghijklmnopqrstuvwx', "default-src 'none'");
    const view = sandboxAnswer('GET', `${APP_VIEW_ORIGIN}/view/abcdefghijklmnopqrstuvwx`, policies, APP);
    expect(view.status).toBe(200);
    expect(view.headers['Content-Security-Policy']).toMatch(
      /^default-src 'none', script-src 'nonce-[A-Za-z0-9_-]{24}' 'strict-dynamic' 'unsafe-eval'$/,
    );
    expect(sandboxAnswer('GET', `${APP_VIEW_ORIGIN}/proxy.js`, policies, APP).body).toContain(
      '"hostOrigin":"app://switchboard"',
    );
    expect(
      sandboxAnswer('GET', 'switchboard-view://elsewhere/view/abcdefghijklmnopqrstuvwx', policies, APP)
        .status,
    ).toBe(404);
    expect(sandboxAnswer('GET', 'not a url', policies, APP).status).toBe(404);
  });

  it('keeps sandbox frames on view pages and a view on the page it was given', () => {
    expect(frameMayNavigate(`${APP_VIEW_ORIGIN}/view/abc`, APP, APP)).toBe(true);
    expect(frameMayNavigate('https://evil.example.com/', APP, APP)).toBe(false);
    expect(frameMayNavigate('about:srcdoc', APP_VIEW_ORIGIN, APP)).toBe(true);
    expect(frameMayNavigate('https://evil.example.com/?secret=1', APP_VIEW_ORIGIN, APP)).toBe(false);
    expect(frameMayNavigate('https://www.youtube.com/embed/x', 'null', APP)).toBe(true);
    expect(frameMayNavigate('https://anything.example.com/', undefined, APP)).toBe(true);
  });
});

describe("the app page's origin", () => {
  it('is the scheme and host the browser checks, and none for file://', () => {
    expect(pageOrigin('app://switchboard/index.html')).toBe('app://switchboard');
    expect(pageOrigin('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(pageOrigin('file:///opt/switchboard/out/renderer/index.html')).toBeUndefined();
    expect(pageOrigin('nonsense')).toBeUndefined();
  });

  it('without one, only a view frame is held to its page', () => {
    expect(frameMayNavigate(`${APP_VIEW_ORIGIN}/view/abc`, 'file://', undefined)).toBe(true);
    expect(frameMayNavigate('https://evil.example.com/', APP_VIEW_ORIGIN, undefined)).toBe(false);
  });
});

describe("a view's window of its own in Electron", () => {
  const VIEW = `${APP_VIEW_ORIGIN}/view/abcdefghijklmnopqrstuvwx`;

  it('is opened only by the app page, only for a view page, with the isolation of its frame and no preload', () => {
    const options = viewWindowOptions(VIEW, `${APP}/index.html`, APP);
    expect(options?.webPreferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(options?.webPreferences).not.toHaveProperty('preload');
  });

  it('is refused to any other opener, page or app origin', () => {
    expect(viewWindowOptions(VIEW, `${APP_VIEW_ORIGIN}/view/zzzzzzzzzzzzzzzzzzzzzzzz`, APP)).toBeUndefined();
    expect(viewWindowOptions(VIEW, 'https://evil.example.com/', APP)).toBeUndefined();
    expect(viewWindowOptions(VIEW, 'file:///opt/switchboard/index.html', undefined)).toBeUndefined();
    expect(viewWindowOptions(`${APP_VIEW_ORIGIN}/proxy.js`, `${APP}/`, APP)).toBeUndefined();
    expect(viewWindowOptions(`${VIEW}?x=1`, `${APP}/`, APP)).toBeUndefined();
    expect(
      viewWindowOptions('https://evil.example.com/view/abcdefghijklmnopqrstuvwx', `${APP}/`, APP),
    ).toBeUndefined();
    expect(viewWindowOptions(`${APP}/index.html`, `${APP}/`, APP)).toBeUndefined();
  });

  it('knows a view page from anything else on the scheme', () => {
    expect(isViewPage(VIEW)).toBe(true);
    expect(isViewPage(`${VIEW}#x`)).toBe(false);
    expect(isViewPage('switchboard-view://elsewhere/view/abcdefghijklmnopqrstuvwx')).toBe(false);
    expect(isViewPage(`${APP_VIEW_ORIGIN}/view/short`)).toBe(false);
  });
});
