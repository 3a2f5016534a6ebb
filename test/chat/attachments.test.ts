// Attached files: which are accepted, the bounded upload in chunks, and what the model receives, through the real host.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UploadStore } from '../../src/main/attachments/uploads';
import { Host } from '../../src/main/host';
import { classifyFile, MAX_TEXT_FILE_BYTES, UPLOAD_CHUNK_BYTES } from '../../src/shared/attachments';
import type { Conversation } from '../../src/shared/chat';
import type { CommandArgs, CommandName, CommandResult } from '../../src/shared/contract';
import type { FileAttachment } from '../../src/shared/resources';
import { until } from '../helpers';

type Fixture = {
  url: string;
  script(turns: unknown[]): void;
  requests(): ChatRequest[];
  reset(): void;
  close(): Promise<void>;
};
type ChatRequest = { messages: { role: string; content: unknown }[] };

/** The smallest PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let llm: Fixture;
const hosts: Host[] = [];

beforeAll(async () => {
  const { startOpenAIFixture } = (await import(
    new URL('../fixtures/openai-server.mjs', import.meta.url).href
  )) as {
    startOpenAIFixture(options: { port: number }): Promise<Fixture>;
  };
  llm = await startOpenAIFixture({ port: 0 });
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.shutdown()));
});

async function startHost(dataDir?: string, model = 'scripted-model') {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'switchboard-files-')));
  const models = {
    providers: [
      {
        id: 'local',
        type: 'openai-compatible',
        baseURL: llm.url,
        models: ['scripted-model', 'scripted-vision'],
      },
    ],
    default: `local/${model}`,
  };
  await writeFile(join(dir, 'config.json'), JSON.stringify({ mcpServers: {}, models }));
  const host = await Host.create({ dataDir: dir });
  hosts.push(host);
  return { host, dir };
}

function call<N extends CommandName>(host: Host, name: N, args: CommandArgs<N>): Promise<CommandResult<N>> {
  return (host.commands[name] as (input: CommandArgs<N>) => Promise<CommandResult<N>>)(args);
}

/** Uploads `bytes` as the window does: begin, chunks in order, finish. */
async function upload(host: Host, name: string, mimeType: string, bytes: Buffer): Promise<FileAttachment> {
  const { id, chunkBytes } = await call(host, 'uploads.begin', { name, mimeType, size: bytes.length });
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    const data = bytes.subarray(offset, offset + chunkBytes).toString('base64');
    await call(host, 'uploads.chunk', { id, offset, data });
  }
  return call(host, 'uploads.finish', { id });
}

async function settled(host: Host, id: string): Promise<Conversation> {
  return until('the reply to settle', async () => {
    const conversation = await call(host, 'chat.get', { id });
    const last = conversation.messages.at(-1);
    return last?.role === 'assistant' && last.status !== 'streaming' && conversation;
  });
}

describe('classifyFile', () => {
  it('takes text files and the image types models read, and says why it refuses the rest', () => {
    expect(classifyFile('notes.md', '', 10)).toEqual({ ok: true, as: 'text', mimeType: 'text/plain' });
    expect(classifyFile('data.json', 'application/json', 10)).toEqual({
      ok: true,
      as: 'text',
      mimeType: 'application/json',
    });
    expect(classifyFile('Makefile', '', 10)).toMatchObject({ ok: true, as: 'text' });
    expect(classifyFile('photo.JPG', '', 10)).toEqual({ ok: true, as: 'image', mimeType: 'image/jpeg' });
    expect(classifyFile('paste', 'image/png', 10)).toEqual({ ok: true, as: 'image', mimeType: 'image/png' });
    expect(classifyFile('report.pdf', 'application/pdf', 10)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /^report\.pdf was not attached: PDF files cannot be read by the model here\. Text files/,
      ),
    });
    expect(classifyFile('scan.heic', 'image/heic', 10)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('HEIC'),
    });
    expect(classifyFile('blob.bin', 'application/octet-stream', 10)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('files of type application/octet-stream'),
    });
    expect(classifyFile('big.txt', 'text/plain', MAX_TEXT_FILE_BYTES + 1)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('at most 512 KB'),
    });
  });
});

describe('UploadStore', () => {
  it('takes chunks in order only, never more than announced, and checks the contents at the end', () => {
    const uploads = new UploadStore();
    const { id } = uploads.begin({ name: 'a.txt', mimeType: 'text/plain', size: 6 });
    expect(() => uploads.chunk(id, 3, 'YWJj')).toThrow(/expected the part at byte 0/);
    expect(uploads.chunk(id, 0, Buffer.from('abc').toString('base64'))).toEqual({ received: 3 });
    expect(() => uploads.finish(id)).toThrow(/incomplete: 3 of 6 bytes/);
    expect(() => uploads.chunk(id, 3, Buffer.from('defg').toString('base64'))).toThrow(
      /larger than announced/,
    );
    expect(() => uploads.finish(id)).toThrow(/no longer waiting/);

    const binary = uploads.begin({ name: 'b.txt', mimeType: 'text/plain', size: 3 });
    uploads.chunk(binary.id, 0, Buffer.from([0x61, 0, 0x62]).toString('base64'));
    expect(() => uploads.finish(binary.id)).toThrow(/binary data, not text/);
    const latin = uploads.begin({ name: 'c.txt', mimeType: 'text/plain', size: 2 });
    uploads.chunk(latin.id, 0, Buffer.from([0xe9, 0x61]).toString('base64'));
    expect(() => uploads.finish(latin.id)).toThrow(/not UTF-8 text/);
    const fake = uploads.begin({ name: 'd.png', mimeType: 'image/png', size: 4 });
    uploads.chunk(fake.id, 0, Buffer.from('text').toString('base64'));
    expect(() => uploads.finish(fake.id)).toThrow(/not a PNG, JPEG, GIF or WebP/);
    expect(() => uploads.begin({ name: 'e.pdf', mimeType: 'application/pdf', size: 4 })).toThrow(/PDF files/);
  });

  it('keeps unsent uploads within a total size and for a limited time', () => {
    let now = 0;
    const uploads = new UploadStore({ maxPendingBytes: 10, ttlMs: 1000, now: () => now });
    const first = uploads.begin({ name: 'a.txt', mimeType: 'text/plain', size: 8 });
    expect(() => uploads.begin({ name: 'b.txt', mimeType: 'text/plain', size: 8 })).toThrow(/too many files/);
    now = 2000;
    expect(() => uploads.chunk(first.id, 0, 'YQ==')).toThrow(/no longer waiting/);
    expect(uploads.begin({ name: 'b.txt', mimeType: 'text/plain', size: 8 }).id).toBeTruthy();
  });
});

describe('attached files in a conversation', () => {
  it('a text file crosses in chunks and reaches the model as text; it stays for an edit and goes with the conversation', async () => {
    const { host, dir } = await startHost();
    const text = `${'line of notes\n'.repeat(Math.ceil((UPLOAD_CHUNK_BYTES * 1.5) / 14))}THE END`;
    const file = await upload(host, 'notes.txt', 'text/plain', Buffer.from(text));
    expect(file).toMatchObject({
      kind: 'file',
      name: 'notes.txt',
      as: 'text',
      size: Buffer.byteLength(text),
    });
    llm.script([{ text: 'Read it.' }, { text: 'Read it again.' }]);
    const { id } = await call(host, 'chat.create', {});
    await call(host, 'chat.send', { id, text: 'Summarise this', context: [file] });
    const sent = await settled(host, id);
    const asked = JSON.stringify(llm.requests()[0]?.messages);
    expect(asked).toContain('Attached file notes.txt (text/plain');
    expect(asked).toContain('THE END');
    expect(sent.title).toBe('Summarise this');
    await expect(
      call(host, 'chat.send', { id, text: 'again', context: [{ ...file, id: 'unknown-file-1' }] }),
    ).rejects.toThrow(/no longer waiting to be sent/);

    await call(host, 'chat.edit', {
      id,
      messageId: sent.messages[0]?.id ?? '',
      text: 'Summarise it shorter',
    });
    await settled(host, id);
    expect(JSON.stringify(llm.requests()[1]?.messages)).toContain('THE END');

    expect(await readdir(join(dir, 'attachments'))).toEqual([id]);
    await call(host, 'chat.delete', { id });
    expect(await readdir(join(dir, 'attachments'))).toEqual([]);
  });

  it('an image goes to a model that sees images, and is named but left out for one that does not', async () => {
    const { host } = await startHost(undefined, 'scripted-vision');
    llm.script([{ text: 'A pixel.' }, { text: 'Cannot see.' }]);
    const image = await upload(host, 'pixel.png', 'image/png', PNG);
    const { id } = await call(host, 'chat.create', {});
    await call(host, 'chat.send', { id, text: 'What is this?', context: [image] });
    await settled(host, id);
    expect(JSON.stringify(llm.requests()[0]?.messages)).toContain(
      `data:image/png;base64,${PNG.toString('base64')}`,
    );

    await call(host, 'chat.setModel', { id, model: 'local/scripted-model' });
    await call(host, 'chat.send', { id, text: 'And now?' });
    await settled(host, id);
    const second = JSON.stringify(llm.requests()[1]?.messages);
    expect(second).not.toContain('base64');
    expect(second).toContain('image omitted: the model cannot see images');
  });

  it('exports a conversation as Markdown and JSON for the window to download in browser mode', async () => {
    const { host } = await startHost();
    llm.script([{ text: 'Use ```fences``` carefully.' }]);
    const { id } = await call(host, 'chat.create', {});
    await call(host, 'chat.send', { id, text: 'Teach me markdown' });
    await settled(host, id);
    const markdown = await call(host, 'chat.export', { id, format: 'markdown' });
    expect(markdown).toMatchObject({ saved: false, fileName: 'Teach me markdown.md' });
    expect(markdown.text).toMatch(/^# Teach me markdown\n/);
    expect(markdown.text).toContain('## You · ');
    expect(markdown.text).toContain('Use ```fences``` carefully.');
    const json = await call(host, 'chat.export', { id, format: 'json' });
    const parsed = JSON.parse(json.text ?? '');
    expect(parsed).toMatchObject({ format: 'switchboard.conversation', version: 1, conversation: { id } });
    expect(parsed.conversation.messages).toHaveLength(2);
  });
});
