// The host's own words (native dialogs, the menu, the secret-storage notice) follow the language the page tells it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HostFault } from '../../src/main/errors';
import { Host } from '../../src/main/host';
import { hostLocale, setHostLocale, spoken, startHostLocale } from '../../src/main/hostLanguage';
import { secretStorageNotice } from '../../src/main/security/secretStorage';
import { formatHostText } from '../../src/shared/hostText';
import de from '../../src/shared/locales/de.json' with { type: 'json' };
import zh from '../../src/shared/locales/zh-CN.json' with { type: 'json' };

const hosts: Host[] = [];
const folders: string[] = [];
afterEach(async () => {
  setHostLocale('en');
  for (const host of hosts.splice(0)) await host.shutdown();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('the host’s language', () => {
  it('starts in the system’s language and follows the page from then on', async () => {
    startHostLocale(['de-CH', 'en']);
    expect(spoken('host.native.openLink.message', { host: 'example.com' })).toBe(
      'Eine Seite auf example.com im Browser öffnen?',
    );
    const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-language-'));
    folders.push(dataDir);
    const configPath = join(dataDir, 'config.json');
    await writeFile(configPath, JSON.stringify({ mcpServers: {} }));
    const host = await Host.create({ dataDir, configPath, configNamed: true });
    hosts.push(host);
    await host.commands['app.language']({ locale: 'zh-CN' });
    expect(hostLocale()).toBe('zh-CN');
    expect(spoken('host.native.saveAs')).toBe('另存为');
    const notice = secretStorageNotice({ kind: 'config-file', reason: 'no-keyring' }, '/home/me/config.json');
    expect(notice?.title).toBe('您的 API 密钥保存在哪里');
    expect(notice?.detail).toContain('/home/me/config.json');
  });

  it('keeps a host error’s English for logs while the page can say it in any language', () => {
    const fault = new HostFault('not_found', {
      id: 'host.native.openLink.message',
      values: { host: 'a.example' },
    });
    expect(fault.message).toBe('Open a page on a.example in your browser?');
    expect(fault.text).toEqual({ id: 'host.native.openLink.message', values: { host: 'a.example' } });
    expect(formatHostText(fault.text ?? { id: '' }, 'de', de)).toBe(
      'Eine Seite auf a.example im Browser öffnen?',
    );
    expect(formatHostText(fault.text ?? { id: '' }, 'zh-CN', zh)).toBe(
      '要在浏览器中打开 a.example 上的页面吗？',
    );
  });
});
