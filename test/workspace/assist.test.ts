// Asking the host: summarize_file through sampling, create_note through elicitation, and the prompts with path completion.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportsFormElicitation } from '../../src/workspace/assist';
import { connectWorkspace, type Harness, removeAll, tempFolder, textOf, writeTree } from './harness';

let root: string;
let host: Harness;

beforeAll(async () => {
  root = await tempFolder('ws-assist-');
  const tree: Record<string, string> = {
    'src/app.ts': 'export function main() {\n  return 1;\n}\n',
    'src/api/client.ts': 'export const client = {};\n',
    'README.md': '# Readme\n',
    'node_modules/src-lib/index.js': 'x',
    'logo.png': '\u0089PNG\u0000',
  };
  for (let i = 0; i < 120; i++) tree[`many/file-${i}.txt`] = `${i}`;
  await writeTree(root, tree);
  host = await connectWorkspace({
    roots: [root],
    sampling: 'This file defines main().',
    elicitation: { action: 'accept', content: { title: 'Weekly Plan: Q3', tags: 'work, #ideas, work' } },
  });
});

afterAll(async () => {
  await host.close();
  await removeAll(root);
});

describe('summarize_file', () => {
  it('asks the host to sample and returns the model’s text', async () => {
    const result = await host.call('summarize_file', { path: 'src/app.ts' });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('This file defines main().');
    const request = host.samplingRequests.at(-1);
    expect(request?.maxTokens).toBe(400);
    expect(request?.systemPrompt).toMatch(/^Summarize this file/);
    expect(request?.messages[0]?.content).toMatchObject({
      type: 'text',
      text: expect.stringContaining('return 1;'),
    });
  });

  it('refuses binary files and paths outside', async () => {
    const binary = await host.call('summarize_file', { path: 'logo.png' });
    expect(binary.isError).toBe(true);
    expect(textOf(binary)).toContain('binary file');
    const outside = await host.call('summarize_file', { path: '../x.txt' });
    expect(textOf(outside)).toBe('The path ../x.txt is outside the shared folders.');
  });

  it('says so when the host has no sampling or refuses it', async () => {
    const bare = await connectWorkspace({ roots: [root], sampling: false });
    try {
      const result = await bare.call('summarize_file', { path: 'src/app.ts' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('does not offer sampling');
    } finally {
      await bare.close();
    }
    const refusing = await connectWorkspace({ roots: [root] });
    refusing.client.setRequestHandler('sampling/createMessage', () => {
      throw new Error('The person declined the request.');
    });
    try {
      const result = await refusing.call('summarize_file', { path: 'src/app.ts' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('The host did not summarize src/app.ts');
      expect(textOf(result)).toContain('The person declined the request.');
    } finally {
      await refusing.close();
    }
  });
});

it('treats a bare elicitation capability as form support', () => {
  expect(supportsFormElicitation({ elicitation: {} })).toBe(true);
  expect(supportsFormElicitation({ elicitation: { form: {} } })).toBe(true);
  expect(supportsFormElicitation({ elicitation: { url: {} } })).toBe(false);
  expect(supportsFormElicitation({})).toBe(false);
});

describe('create_note', () => {
  it('asks for a title and tags by form, then writes the note', async () => {
    const result = await host.call('create_note');
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('Created the note notes/weekly-plan-q3.md.');
    expect(result.content[1]).toMatchObject({
      type: 'resource_link',
      uri: pathToFileURL(path.join(root, 'notes', 'weekly-plan-q3.md')).href,
    });
    expect(await readFile(path.join(root, 'notes', 'weekly-plan-q3.md'), 'utf8')).toBe(
      '# Weekly Plan: Q3\n\nTags: work, ideas\n',
    );
    expect(host.elicitRequests.at(-1)).toMatchObject({
      mode: 'form',
      requestedSchema: { required: ['title'], properties: { title: { type: 'string', maxLength: 100 } } },
    });
  });

  it('never replaces a note, and writes into the given folder', async () => {
    expect(textOf(await host.call('create_note'))).toBe('Created the note notes/weekly-plan-q3-2.md.');
    expect(textOf(await host.call('create_note', { folder: 'src' }))).toBe(
      'Created the note src/notes/weekly-plan-q3.md.',
    );
  });

  it('refuses a folder outside the roots', async () => {
    const result = await host.call('create_note', { folder: '/etc' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('The path /etc is outside the shared folders.');
  });

  it('says so when the person declines or cancels, or the host cannot ask', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const asked = await connectWorkspace({ roots: [root], elicitation: { action } });
      try {
        const result = await asked.call('create_note');
        expect(result.isError).toBeFalsy();
        expect(textOf(result)).toBe(
          `No note was created: the person ${action === 'decline' ? 'declined' : 'cancelled'}.`,
        );
      } finally {
        await asked.close();
      }
    }
    const bare = await connectWorkspace({ roots: [root], elicitation: false });
    try {
      const result = await bare.call('create_note');
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('cannot ask the person');
    } finally {
      await bare.close();
    }
  });
});

describe('prompts', () => {
  it('lists review-file and explain-code with their arguments', async () => {
    const { prompts } = await host.client.listPrompts();
    const byName = Object.fromEntries(prompts.map((prompt) => [prompt.name, prompt]));
    expect(byName['review-file']?.arguments).toEqual([
      expect.objectContaining({ name: 'path', required: true }),
    ]);
    expect(byName['explain-code']?.arguments).toEqual([
      expect.objectContaining({ name: 'path', required: true }),
      expect.objectContaining({ name: 'focus', required: false }),
    ]);
  });

  it('review-file embeds the file as a resource', async () => {
    const { messages } = await host.client.getPrompt({
      name: 'review-file',
      arguments: { path: 'src/app.ts' },
    });
    expect(messages[0]).toMatchObject({
      role: 'user',
      content: { type: 'text', text: expect.stringContaining('review') },
    });
    expect(messages[1]).toEqual({
      role: 'user',
      content: {
        type: 'resource',
        resource: {
          uri: pathToFileURL(path.join(root, 'src/app.ts')).href,
          mimeType: 'text/typescript',
          text: 'export function main() {\n  return 1;\n}\n',
        },
      },
    });
  });

  it('explain-code carries the focus', async () => {
    const { messages } = await host.client.getPrompt({
      name: 'explain-code',
      arguments: { path: 'src/app.ts', focus: 'the return value' },
    });
    expect(messages[0]?.content).toMatchObject({
      text: expect.stringContaining('Focus on: the return value.'),
    });
    expect(messages[1]?.content).toMatchObject({ type: 'resource' });
  });

  it('refuses a path outside the roots', async () => {
    await expect(
      host.client.getPrompt({ name: 'review-file', arguments: { path: '../../etc/passwd' } }),
    ).rejects.toThrow('outside the shared folders');
  });

  it('completes file paths for the typed prefix, at most 100', async () => {
    const complete = async (value: string) =>
      (
        await host.client.complete({
          ref: { type: 'ref/prompt', name: 'review-file' },
          argument: { name: 'path', value },
        })
      ).completion;
    expect((await complete('src/')).values).toEqual(['src/api/client.ts', 'src/app.ts']);
    expect((await complete('SRC/A')).values).toEqual(['src/api/client.ts', 'src/app.ts']);
    expect((await complete('client')).values).toEqual(['src/api/client.ts']);
    const many = await complete('many/');
    expect(many.values).toHaveLength(100);
    expect(many.values.every((value) => value.startsWith('many/'))).toBe(true);
    const explain = await host.client.complete({
      ref: { type: 'ref/prompt', name: 'explain-code' },
      argument: { name: 'path', value: 'READ' },
    });
    expect(explain.completion.values).toEqual(['README.md']);
  });
});
