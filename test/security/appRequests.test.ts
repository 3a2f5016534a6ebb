// The app scheme's answers: the renderer's files with the app's CSP and nosniff, to the app itself, and nothing else.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAppRequest } from '../../src/main/security/appRequests';
import { APP_VIEW_ORIGIN } from '../../src/main/security/schemes';
import { contentSecurityPolicy } from '../../src/shared/csp';

let base: string;
let root: string;
const text = (body: Uint8Array | null) => (body ? new TextDecoder().decode(body) : null);

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'app-requests-')));
  root = join(base, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Switchboard</title>');
  await writeFile(join(root, 'assets', 'editor.worker-1.js'), 'self.onmessage = () => {}');
  await writeFile(join(base, 'secret.txt'), 'outside');
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const get = (url: string, initiatorOrigin?: string) =>
  answerAppRequest({ url, method: 'GET', ...(initiatorOrigin ? { initiatorOrigin } : {}) }, root);

/** The app's policy in Electron: it may frame the app view sandbox and nothing else. */
const APP_CSP = contentSecurityPolicy([APP_VIEW_ORIGIN]);

describe('answerAppRequest', () => {
  it('serves the page for the window load, with the CSP and nosniff', async () => {
    const answer = await get('app://switchboard/index.html');
    expect(answer.status).toBe(200);
    expect(text(answer.body)).toContain('<title>Switchboard</title>');
    expect(answer.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['Content-Security-Policy']).toBe(APP_CSP);
    expect(APP_CSP).toContain(`frame-src ${APP_VIEW_ORIGIN};`);
    expect(answer.headers['X-Content-Type-Options']).toBe('nosniff');
    expect(answer.headers['Cross-Origin-Resource-Policy']).toBe('same-origin');
  });

  it('serves module scripts and workers to the app itself as JavaScript', async () => {
    const answer = await get('app://switchboard/assets/editor.worker-1.js?worker#x', 'app://switchboard');
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe('text/javascript; charset=utf-8');
    expect(text(answer.body)).toContain('onmessage');
  });

  it('answers HEAD without a body', async () => {
    const answer = await answerAppRequest({ url: 'app://switchboard/', method: 'HEAD' }, root);
    expect(answer.status).toBe(200);
    expect(answer.body).toBeNull();
  });

  it('refuses other methods', async () => {
    const answer = await answerAppRequest({ url: 'app://switchboard/index.html', method: 'POST' }, root);
    expect(answer.status).toBe(405);
    expect(answer.headers.Allow).toBe('GET, HEAD');
  });

  it('refuses requests started by any other origin', async () => {
    for (const origin of ['app-view://server', 'https://example.com', 'null', 'http://localhost:5173']) {
      const answer = await get('app://switchboard/index.html', origin);
      expect(answer.status, origin).toBe(403);
      expect(text(answer.body), origin).not.toContain('Switchboard</title>');
    }
  });

  it('answers only for its own host', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://user:pw@switchboard/index.html')).status).toBe(404);
  });

  it('never reads outside the renderer folder, however the path is written', async () => {
    for (const url of [
      'app://switchboard/../secret.txt',
      'app://switchboard/%2e%2e/secret.txt',
      'app://switchboard/assets/..%2f..%2fsecret.txt',
      'app://switchboard/assets/..%5c..%5csecret.txt',
      'app://switchboard/index.html%00',
      `app://switchboard/${base}/secret.txt`,
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(404);
      expect(text(answer.body), url).not.toContain('outside');
      expect(answer.headers['Content-Security-Policy'], url).toBe(APP_CSP);
      expect(answer.headers['X-Content-Type-Options'], url).toBe('nosniff');
    }
  });
});
