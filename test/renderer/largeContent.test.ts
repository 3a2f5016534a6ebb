// Large content in the renderer: attachments go by reference, and a kept text is fetched whole in pieces.
import { describe, expect, it } from 'vitest';
import { fetchWhole } from '../../src/renderer/src/api/payloads';
import { resourceItem } from '../../src/renderer/src/features/resources/contextItems';
import type { CommandName } from '../../src/shared/contract';

describe('resourceItem', () => {
  it('sends a part the host sent only in part by reference, and small parts whole', () => {
    const item = resourceItem('files', 'file:///big', 'big', [
      {
        uri: 'file:///big',
        mimeType: 'text/plain',
        text: 'start of it',
        truncated: { id: 'abc', length: 9_000_000 },
      },
      { uri: 'file:///pic', mimeType: 'image/png', truncated: { id: 'def', length: 4_000_000 } },
      { uri: 'file:///small', text: 'all of it' },
    ]);
    expect(item).toEqual({
      kind: 'resource',
      server: 'files',
      uri: 'file:///big',
      name: 'big',
      contents: [
        { uri: 'file:///big', mimeType: 'text/plain', truncated: { id: 'abc', length: 9_000_000 } },
        { uri: 'file:///pic', mimeType: 'image/png', truncated: { id: 'def', length: 4_000_000 } },
        { uri: 'file:///small', text: 'all of it' },
      ],
    });
  });
});

describe('fetchWhole', () => {
  it('asks for pieces until it has the whole text', async () => {
    const whole = 'abcdefghij';
    const asked: unknown[] = [];
    const host = {
      invoke: async (name: CommandName, args: unknown) => {
        asked.push([name, args]);
        const { offset = 0 } = args as { offset?: number };
        return { data: whole.slice(offset, offset + 4), offset, total: whole.length };
      },
    };
    await expect(fetchWhole(host as never, 'id-1')).resolves.toBe(whole);
    expect(asked).toEqual([
      ['payloads.read', { id: 'id-1', offset: 0 }],
      ['payloads.read', { id: 'id-1', offset: 4 }],
      ['payloads.read', { id: 'id-1', offset: 8 }],
    ]);
  });
});
