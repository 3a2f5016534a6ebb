// Large resource parts: previews for the page, and the whole put back when a page attaches them by reference.
import { describe, expect, it } from 'vitest';
import { resolveAttachments } from '../../src/main/resources/attachments';
import {
  INLINE_BLOB_CHARS,
  previewContents,
  READ_INLINE_CHARS,
  resourceOwner,
  TEXT_PREVIEW_CHARS,
} from '../../src/main/resources/previews';
import type { ContextItem, ResourceContentsView } from '../../src/shared/resources';
import { tempPayloadStore } from '../helpers';

const owner = resourceOwner('files', 'file:///big');
const big = 'a'.repeat(TEXT_PREVIEW_CHARS + 10);

describe('previewContents', () => {
  it('sends small parts whole and large ones as their start, with an id for the rest', async () => {
    const store = tempPayloadStore({ maxChars: 10_000_000, maxItemChars: 10_000_000 });
    const blob = 'QUJD'.repeat(INLINE_BLOB_CHARS / 4 + 1);
    const [small, text, data] = previewContents(
      [
        { uri: 'file:///small', text: 'hello' },
        { uri: 'file:///big', mimeType: 'text/plain', text: big },
        { uri: 'file:///blob', mimeType: 'image/png', blob },
      ],
      store,
      owner,
    );
    expect(small).toEqual({ uri: 'file:///small', text: 'hello' });
    expect(text?.text).toHaveLength(TEXT_PREVIEW_CHARS);
    expect(await store.whole(text?.truncated?.id ?? '')).toEqual({ owner, kind: 'text', data: big });
    expect(data).toEqual({
      uri: 'file:///blob',
      mimeType: 'image/png',
      truncated: { id: expect.any(String), length: blob.length },
    });
  });

  it('keeps one read within its budget however many parts it has', () => {
    const store = tempPayloadStore({ maxChars: 100_000_000, maxItemChars: 10_000_000 });
    const parts = Array.from({ length: 40 }, (_, i) => ({ uri: `file:///${i}`, text: big }));
    const sent = previewContents(parts, store, owner);
    expect(sent.reduce((sum, part) => sum + (part.text?.length ?? 0), 0)).toBeLessThanOrEqual(
      READ_INLINE_CHARS,
    );
  });

  it('says how long a part is even when it was too large to keep', () => {
    const store = tempPayloadStore({ maxChars: 100, maxItemChars: 100 });
    const [part] = previewContents([{ uri: 'file:///big', text: big }], store, owner);
    expect(part?.truncated).toEqual({ length: big.length });
  });
});

describe('resolveAttachments', () => {
  const item = (contents: ResourceContentsView[], server = 'files'): ContextItem => ({
    kind: 'resource',
    server,
    uri: 'file:///big',
    contents,
  });

  it('puts back the kept whole, and reads again only what is gone', async () => {
    const store = tempPayloadStore({ maxChars: 10_000_000, maxItemChars: 10_000_000 });
    const id = store.put(big, { owner, kind: 'text' });
    const reads: string[] = [];
    const [resolved] = await resolveAttachments(
      [
        item([
          { uri: 'file:///big', truncated: { id, length: big.length } },
          { uri: 'file:///big#2', truncated: { id: 'gone', length: 5 } },
        ]),
      ],
      {
        store,
        read: async (server, uri) => {
          reads.push(`${server} ${uri}`);
          return [
            { uri: 'file:///big', text: 'fresh' },
            { uri: 'file:///big#2', blob: 'AAAA' },
          ];
        },
      },
    );
    expect(resolved).toEqual(
      item([
        { uri: 'file:///big', text: big },
        { uri: 'file:///big#2', blob: 'AAAA' },
      ]),
    );
    expect(reads).toEqual(['files file:///big']);
  });

  it('never takes kept contents of another server or resource', async () => {
    const store = tempPayloadStore({ maxChars: 10_000_000, maxItemChars: 10_000_000 });
    const id = store.put('secret of files', { owner, kind: 'text' });
    const [resolved] = await resolveAttachments(
      [item([{ uri: 'file:///big', truncated: { id, length: 15 } }], 'other')],
      {
        store,
        read: async () => [{ uri: 'file:///big', text: 'what other says' }],
      },
    );
    expect(resolved?.kind === 'resource' && resolved.contents[0]?.text).toBe('what other says');
  });

  it('says what to do when the contents are gone and cannot be read again', async () => {
    const store = tempPayloadStore({ maxChars: 10, maxItemChars: 10 });
    await expect(
      resolveAttachments([item([{ uri: 'file:///big', truncated: { id: 'x', length: 9 } }])], {
        store,
        read: async () => {
          throw new Error('"files" is not running (it is stopped).');
        },
      }),
    ).rejects.toMatchObject({ code: 'gone', message: expect.stringMatching(/Attach it again\.$/) });
  });
});
