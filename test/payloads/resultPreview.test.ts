// A tool run by hand with `preview`: large parts reach the page as a start and an id, and the whole reads back by id.
import { afterEach, describe, expect, it } from 'vitest';
import { payloadCommands } from '../../src/main/payloads/payloadCommands';
import type { PayloadStore } from '../../src/main/payloads/payloadStore';
import {
  previewResult,
  RESULT_INLINE_DATA_CHARS,
  RESULT_PREVIEW_CHARS,
} from '../../src/main/payloads/resultPreview';
import type { ToolCallResult } from '../../src/shared/types';
import { startTestHost, type TestHost } from '../faults/hostHarness';
import { fixtureEntry, tempPayloadStore } from '../helpers';

const store = () => tempPayloadStore({ maxChars: 64 * 1024 * 1024, maxItemChars: 32 * 1024 * 1024 });
const read = (kept: PayloadStore, id: string | undefined) =>
  payloadCommands([kept])['payloads.read']({ id: id ?? 'none', offset: 0, length: 64 * 1024 * 1024 });

describe('previewResult', () => {
  it('sends small parts as they are', () => {
    const result: ToolCallResult = {
      content: [
        { type: 'text', text: 'short' },
        { type: 'image', data: 'aGk=', mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'a://b', text: 'inline' } },
      ],
      structuredContent: { small: true },
    };
    expect(previewResult(result, store(), 'me')).toEqual(result);
  });

  it('cuts a long text to its start and keeps the whole under an id the page can read', async () => {
    const kept = store();
    const text = `${'x'.repeat(RESULT_PREVIEW_CHARS)}the end`;
    const [block] = previewResult({ content: [{ type: 'text', text }] }, kept, 'me').content;
    expect(block).toMatchObject({ type: 'text', truncated: { length: text.length } });
    if (block?.type !== 'text') throw new Error('expected text');
    expect(block.text).toBe('x'.repeat(RESULT_PREVIEW_CHARS));
    expect((await read(kept, block.truncated?.id)).data).toBe(text);
  });

  it('leaves out large media and binary resources, keeping them whole by id', async () => {
    const kept = store();
    const data = 'QUJD'.repeat(RESULT_INLINE_DATA_CHARS / 4 + 1);
    const preview = previewResult(
      {
        content: [
          { type: 'image', data, mimeType: 'image/png' },
          { type: 'resource', resource: { uri: 'a://bin', mimeType: 'application/zip', blob: data } },
          { type: 'resource', resource: { uri: 'a://text', text: 'y'.repeat(RESULT_PREVIEW_CHARS + 1) } },
        ],
      },
      kept,
      'me',
    );
    const [image, binary, text] = preview.content;
    expect(image).toEqual({ type: 'image', data: '', mimeType: 'image/png', truncated: expect.anything() });
    expect(binary).toEqual({
      type: 'resource',
      resource: { uri: 'a://bin', mimeType: 'application/zip', truncated: expect.anything() },
    });
    expect(text?.type === 'resource' && text.resource.text?.length).toBe(RESULT_PREVIEW_CHARS);
    for (const block of [image, binary]) {
      const truncated =
        block?.type === 'image'
          ? block.truncated
          : block?.type === 'resource'
            ? block.resource.truncated
            : undefined;
      expect(truncated?.length).toBe(data.length);
      expect((await read(kept, truncated?.id)).data).toBe(data);
    }
  });

  it('sends large structured content as the start of its JSON text', async () => {
    const kept = store();
    const structuredContent = { rows: Array.from({ length: 20_000 }, (_, n) => ({ n, name: `row ${n}` })) };
    const preview = previewResult({ content: [], structuredContent }, kept, 'me');
    expect(preview.structuredContent).toBeUndefined();
    expect(preview.structuredPreview?.text).toHaveLength(RESULT_PREVIEW_CHARS);
    const whole = (await read(kept, preview.structuredPreview?.truncated.id)).data;
    expect(JSON.parse(whole)).toEqual(structuredContent);
  });

  it('drops what a server claims is missing: only the host says a part was cut', () => {
    const claimed = { id: 'forged', length: 10 };
    const preview = previewResult(
      {
        content: [{ type: 'text', text: 'all of it', truncated: claimed }],
        structuredPreview: { text: '{', truncated: claimed },
      },
      store(),
      'me',
    );
    expect(preview).toEqual({ content: [{ type: 'text', text: 'all of it' }] });
  });

  it('says how long a part was even when it is too large to keep', () => {
    const tiny = tempPayloadStore({ maxChars: 10, maxItemChars: 10 });
    const text = 'z'.repeat(RESULT_PREVIEW_CHARS + 5);
    const [block] = previewResult({ content: [{ type: 'text', text }] }, tiny, 'me').content;
    expect(block).toMatchObject({ truncated: { length: text.length } });
    expect(block?.type === 'text' && block.truncated?.id).toBeUndefined();
  });
});

describe('tools.call with preview, through the host', { timeout: 30_000 }, () => {
  let t: TestHost | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers a 3 MB result with its start, and payloads.read gives back every byte', async () => {
    t = await startTestHost({ mcpServers: { bench: fixtureEntry('sized.mjs') } });
    const bytes = 3 * 1024 * 1024;
    const call = (preview: boolean) =>
      t?.host.commands['tools.call']({ server: 'bench', tool: 'big', args: { bytes }, preview });
    const whole = await call(false);
    const preview = await call(true);
    const [wholeBlock] = whole?.content ?? [];
    const [block] = preview?.content ?? [];
    if (wholeBlock?.type !== 'text' || block?.type !== 'text') throw new Error('expected text');
    expect(wholeBlock.text).toHaveLength(bytes);
    expect(block.text).toBe(wholeBlock.text.slice(0, RESULT_PREVIEW_CHARS));
    expect(block.truncated?.length).toBe(bytes);
    const id = block.truncated?.id ?? '';
    const parts: string[] = [];
    for (let offset = 0; offset < bytes; ) {
      const chunk = await t.host.commands['payloads.read']({ id, offset });
      parts.push(chunk.data);
      offset += chunk.data.length;
    }
    expect(parts.join('')).toBe(wholeBlock.text);
  });
});
