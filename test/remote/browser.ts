// A person's browser for sign-in tests: opens the authorization page, presses Approve (or Deny), follows the redirect.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CredentialStore } from '../../src/main/servers/auth/credentials';
import type { AuthSettings } from '../../src/main/servers/auth/serverAuth';
import { FileSecretStore } from '../../src/main/settings/fileSecrets';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** Opens `authorizationUrl`, answers its form, follows the redirect back; resolves to the page the tab shows. */
export async function answerInBrowser(
  authorizationUrl: string,
  decision: 'approve' | 'deny' = 'approve',
  /** Changes the redirect back before the browser follows it (an attacker's answer). */
  tamper?: (back: URL) => void,
): Promise<{ status: number; text: string }> {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`the authorization page answered ${page.status}: ${html}`);
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    form.set(decodeEntities(name ?? ''), decodeEntities(value ?? ''));
  }
  form.set('decision', decision);
  const answer = await fetch(new URL('/authorize', authorizationUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`the authorization server did not redirect (${answer.status})`);
  const target = new URL(location);
  tamper?.(target);
  const back = await fetch(target);
  return { status: back.status, text: await back.text() };
}

/** Sign-in settings over a credentials file of its own; `dir` reuses one (a host run after another). */
export function authSettings(
  dir = mkdtempSync(join(tmpdir(), 'switchboard-auth-')),
): AuthSettings & { dir: string } {
  return { store: new CredentialStore(new FileSecretStore(join(dir, 'credentials.json'))), dir };
}
