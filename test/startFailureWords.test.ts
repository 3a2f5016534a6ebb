// A start failure's state says it by id too, so the page shows it in the person's language with the server's words as written.
import { afterEach, describe, expect, it } from 'vitest';
import { formatHostText } from '../src/shared/hostText';
import de from '../src/shared/locales/de.json' with { type: 'json' };
import zh from '../src/shared/locales/zh-CN.json' with { type: 'json' };
import { Connections, fixtureEntry } from './helpers';

const connections = new Connections();
afterEach(() => connections.stopAll(), 20_000);

describe('a start that fails on text that is not MCP', { timeout: 20_000 }, () => {
  it('carries an id whose Chinese and German say it in those languages, the line it wrote unchanged', async () => {
    const server = connections.create('http-by-mistake', fixtureEntry('not-mcp.mjs'), {
      backoffMs: [60_000],
      initTimeoutMs: 60_000,
    });
    await server.start();
    const state = server.view().state;
    if (state.kind !== 'error') throw new Error(`expected state error, got ${state.kind}`);
    const { message, text } = state.error;
    expect(text?.id).toBe('host.servers.notMcpOutput');
    if (!text) return;
    expect(formatHostText(text)).toBe(message);
    const written = 'Server listening on http://localhost:3001';
    for (const [locale, messages] of [
      ['zh-CN', zh],
      ['de', de],
    ] as const) {
      const said = formatHostText(text, locale, messages);
      expect(said).not.toBe(message);
      expect(said).toContain(written);
      expect(said).toContain('http-by-mistake');
    }
    expect(formatHostText(text, 'zh-CN', zh)).toContain('“http-by-mistake”在 stdout 上输出了非 MCP 的文本');
    expect(formatHostText(text, 'de', de)).toContain('„http-by-mistake“ hat Text auf stdout geschrieben');
  });
});

describe('a start whose failures add up', { timeout: 20_000 }, () => {
  it('says the count in the person’s language around the exit it nests, the code as the process gave it', async () => {
    const server = connections.create('crashes', fixtureEntry('exit-during-initialize.mjs'), {
      backoffMs: [60_000],
      maxFailures: 1,
    });
    await server.start();
    const state = server.view().state;
    if (state.kind !== 'error') throw new Error(`expected state error, got ${state.kind}`);
    const { message, text } = state.error;
    if (!text) throw new Error('expected the failure by id');
    expect(formatHostText(text)).toBe(message);
    expect(message).toBe(
      '"crashes" exited with code 3. It failed 1 times in a row, so Switchboard stopped restarting it: fix the problem, then press Restart.',
    );
    expect(formatHostText(text, 'zh-CN', zh)).toBe(
      '“crashes”已退出，退出码为 3。它已连续失败 1 次，因此 Switchboard 不再重启它：请先解决问题，然后点击“重启”。',
    );
    expect(formatHostText(text, 'de', de)).toMatch(
      /^„crashes“ wurde mit Code 3 beendet\. Er ist 1-mal hintereinander/,
    );
  });
});
