// Files a view offers to save: what the person is shown, what is refused unseen, and what the host checks again before saving.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveViewFile } from '../../src/main/apps/viewFiles';
import { MAX_VIEW_FILE_BYTES, MAX_VIEW_FILES, typeLabel, viewFileOffer } from '../../src/shared/appFiles';
import { fileNameFromUri, safeFileName } from '../../src/shared/fileNames';

const text = (uri: string, body: string, mimeType = 'text/plain') => ({
  type: 'resource',
  resource: { uri, mimeType, text: body },
});

describe('viewFileOffer', () => {
  it("shows each file's safe name, claimed type and size, and carries its bytes", () => {
    const offer = viewFileOffer([
      text('file:///exports/report.csv', 'a,b\n1,2', 'text/csv'),
      { type: 'resource', resource: { uri: 'file:///pic.png', blob: 'iVBORw0KGgo=' } },
    ]);
    expect(offer).toEqual({
      ok: true,
      files: [
        { name: 'report.csv', type: 'text/csv', size: 7, data: btoa('a,b\n1,2') },
        { name: 'pic.png', type: '', size: 8, data: 'iVBORw0KGgo=' },
      ],
    });
  });

  it('counts text as UTF-8 bytes', () => {
    const offer = viewFileOffer([text('file:///ä.txt', 'äö')]);
    expect(offer.ok && offer.files[0]?.size).toBe(4);
  });

  it('refuses links, nothing, too many files, too many bytes and bad base64, with the reason', () => {
    expect(viewFileOffer([])).toEqual({
      ok: false,
      reason: 'The view offered no file.',
      refusal: { code: 'noFile' },
    });
    const link = viewFileOffer([{ type: 'resource_link', uri: 'https://example.com/a.pdf', name: 'a' }]);
    expect(link.ok ? '' : link.reason).toContain('fetches no link for a view');
    const many = viewFileOffer(Array.from({ length: MAX_VIEW_FILES + 1 }, () => text('file:///a', 'a')));
    expect(many.ok ? '' : many.reason).toContain(`at most ${MAX_VIEW_FILES}`);
    const half = 'A'.repeat(Math.ceil(MAX_VIEW_FILE_BYTES / 2 / 3) * 4 + 4);
    const big = viewFileOffer([
      { type: 'resource', resource: { uri: 'file:///1', blob: half } },
      { type: 'resource', resource: { uri: 'file:///2', blob: half } },
    ]);
    expect(big.ok ? '' : big.reason).toContain('more than 10 MB');
    const bad = viewFileOffer([{ type: 'resource', resource: { uri: 'file:///x', blob: 'not base64!' } }]);
    expect(bad.ok ? '' : bad.reason).toContain('not text or base64');
  });

  it('shows a claimed type only as plain words', () => {
    expect(typeLabel('text/<script>alert(1)</script>')).toBe('text/scriptalert1/script');
    expect(typeLabel(42)).toBe('');
  });
});

describe('safe file names', () => {
  it('keeps a name in its folder and undisguised', () => {
    expect(fileNameFromUri('file:///x/..%2F..%2Fetc%2Fpasswd')).toBe('_.._etc_passwd');
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoice_fdp.exe');
    expect(safeFileName('..')).toBe('download');
    expect(safeFileName('CON.txt')).toBe('_CON.txt');
    expect(safeFileName('a:b*c?.txt. ')).toBe('a_b_c_.txt');
    expect(safeFileName('x'.repeat(500))).toHaveLength(120);
  });
});

describe('saveViewFile', () => {
  it('saves through the save dialog only what it checked again, under a safe name', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'view-files-'));
    const saveFile = async (name: string, data: Buffer) => {
      await writeFile(join(folder, name), data);
      return true;
    };
    const outcome = await saveViewFile({ name: '../evil.txt', data: btoa('hello') }, saveFile);
    expect(outcome).toEqual({ outcome: 'saved', name: '_evil.txt', size: 5 });
    expect(await readdir(folder)).toEqual(['_evil.txt']);
    expect(await readFile(join(folder, '_evil.txt'), 'utf8')).toBe('hello');
  });

  it('reports a cancelled dialog, and leaves browser mode to download', async () => {
    expect(await saveViewFile({ name: 'a.txt', data: 'YQ==' }, async () => false)).toEqual({
      outcome: 'cancelled',
      name: 'a.txt',
      size: 1,
    });
    expect(await saveViewFile({ name: 'a.txt', data: 'YQ==' }, undefined)).toEqual({
      outcome: 'download',
      name: 'a.txt',
      size: 1,
    });
  });

  it('refuses bad base64 and too many bytes before any dialog', async () => {
    let asked = 0;
    const saveFile = async () => {
      asked += 1;
      return true;
    };
    await expect(saveViewFile({ name: 'a', data: 'abc' }, saveFile)).rejects.toThrow('not valid base64');
    const tooBig = 'A'.repeat(Math.ceil(MAX_VIEW_FILE_BYTES / 3) * 4 + 4);
    await expect(saveViewFile({ name: 'a', data: tooBig }, saveFile)).rejects.toThrow('larger than 10 MB');
    expect(asked).toBe(0);
  });
});
