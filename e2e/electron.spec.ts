// Electron smoke test: the real window opens locked down, exposing only invoke and on.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, expect, test } from '@playwright/test';

test.skip(
  !existsSync('node_modules/electron/path.txt'),
  'Electron binary is not installed on this machine (it cannot be downloaded here); run npx install-electron where it can',
);

test('the Electron window exposes only invoke and on, and no Node', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-electron-'));
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ mcpServers: {} }));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== 'ELECTRON_RENDERER_URL',
    ),
  );
  const app = await _electron.launch({
    args: ['.', '--config', config, '--data', join(dir, 'data')],
    env,
  });
  try {
    const page = await app.firstWindow();
    await expect(page).toHaveTitle('Switchboard');
    const exposed = await page.evaluate(() =>
      Object.keys((globalThis as { host?: object }).host ?? {}).sort(),
    );
    expect(exposed).toEqual(['invoke', 'on']);
    expect(await page.evaluate(() => typeof require)).toBe('undefined');
    const reply = await page.evaluate(() =>
      (
        globalThis as unknown as { host: { invoke(name: string, args: unknown): Promise<unknown> } }
      ).host.invoke('servers.list', {}),
    );
    expect(reply).toEqual({ ok: true, value: [] });
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
