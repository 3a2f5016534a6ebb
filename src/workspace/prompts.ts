// Prompts: review-file and explain-code, each embedding a shared file, with file paths completed as the person types.
import { completable, type GetPromptResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { sharedRoots, type Workspace } from './context';
import { toProtocolError } from './errors';
import { readContent } from './files';
import { displayPath, fileUri, resolveInRoots } from './paths';

/** The most completions returned for one prefix. */
export const MAX_COMPLETIONS = 100;

/** Display paths of indexed files for a typed prefix: those starting with it first, then those containing it. */
export async function completePaths(workspace: Workspace, typed: string): Promise<string[]> {
  const roots = await workspace.roots.current(workspace.listWaitMs);
  if (roots.length === 0) return [];
  const files = await workspace.index.list();
  const needle = typed.toLowerCase();
  const starts: string[] = [];
  const contains: string[] = [];
  for (const file of files) {
    const shown = displayPath(file.path, roots);
    const lower = shown.toLowerCase();
    if (lower.startsWith(needle)) starts.push(shown);
    else if (needle !== '' && lower.includes(needle)) contains.push(shown);
    if (starts.length >= MAX_COMPLETIONS) break;
  }
  return [...starts, ...contains].slice(0, MAX_COMPLETIONS);
}

/** Registers review-file and explain-code. */
export function registerPrompts(workspace: Workspace): void {
  const pathArgument = () =>
    completable(z.string().describe('A file inside a shared folder, relative to the first one.'), (typed) =>
      completePaths(workspace, typed),
    );

  workspace.mcp.registerPrompt(
    'review-file',
    {
      title: 'Review a file',
      description: 'Asks for a review of a file in a shared folder: bugs, risks and unclear parts.',
      argsSchema: z.object({ path: pathArgument() }),
    },
    async ({ path }) => {
      const embedded = await embed(workspace, path);
      return withFile(
        `Please review the file ${embedded.label}. Point out bugs, risks and unclear parts, most important first, ` +
          'and suggest concrete fixes.',
        embedded,
      );
    },
  );

  workspace.mcp.registerPrompt(
    'explain-code',
    {
      title: 'Explain code',
      description: 'Asks for an explanation of a file in a shared folder, optionally focused on one part.',
      argsSchema: z.object({
        path: pathArgument(),
        focus: z.string().optional().describe('What to concentrate on: a function, a section, a question.'),
      }),
    },
    async ({ path, focus }) => {
      const embedded = await embed(workspace, path);
      const about = focus?.trim() ? ` Focus on: ${focus.trim()}.` : '';
      return withFile(
        `Please explain the code in ${embedded.label}: what it does, how it is organised, and why.${about}`,
        embedded,
      );
    },
  );
}

type Embedded = {
  label: string;
  resource: { uri: string; mimeType: string; text: string } | { uri: string; mimeType: string; blob: string };
};

async function embed(workspace: Workspace, requested: string): Promise<Embedded> {
  try {
    const roots = await sharedRoots(workspace);
    const real = await resolveInRoots(requested, roots);
    const label = displayPath(real, roots);
    const content = await readContent(real, label);
    const uri = fileUri(real);
    const resource =
      content.kind === 'text'
        ? { uri, mimeType: content.mimeType, text: content.text }
        : { uri, mimeType: content.mimeType, blob: content.base64 };
    return { label, resource };
  } catch (error) {
    throw toProtocolError(error, 'Preparing the prompt');
  }
}

function withFile(request: string, embedded: Embedded): GetPromptResult {
  return {
    messages: [
      { role: 'user', content: { type: 'text', text: request } },
      { role: 'user', content: { type: 'resource', resource: embedded.resource } },
    ],
  };
}
