// Tools that ask the host: summarize_file (sampling a model) and create_note (asking the person by elicitation).
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { sharedRoots, type Workspace } from './context';
import { detailOf, errorResult, guarded, textResult, WorkspaceError } from './errors';
import { readText } from './files';
import { NOTE_FORM, NoteAnswer, noteMarkdown, parseTags, slugify } from './notes';
import { displayPath, fileUri, type RootPath, resolveInRoots } from './paths';
import { ensureFolder, writableTarget } from './tools';

// How long a request to the host may wait for the person (consent dialogs, forms).
const ASK_TIMEOUT_MS = 10 * 60 * 1000;
// The most file text sent to the model for a summary.
const SUMMARY_INPUT_LIMIT = 100_000;

export const SUMMARY_PROMPT =
  'Summarize this file for the person who shared it: what it is for, its main parts, and anything notable. ' +
  'Be brief and use plain words.';

/** True when the client can show a form (a bare `elicitation: {}` means form). */
export function supportsFormElicitation(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation;
  if (!elicitation) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/** Registers summarize_file and create_note. */
export function registerAssistTools(workspace: Workspace): void {
  const { mcp } = workspace;

  mcp.registerTool(
    'summarize_file',
    {
      title: 'Summarize a file',
      description: "Asks the host's model (sampling) for a short summary of a text file in a shared folder.",
      inputSchema: z.object({ path: z.string().describe('A text file inside a shared folder.') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ path: requested }, ctx) =>
      guarded('Summarizing', async () => {
        const roots = await sharedRoots(workspace);
        if (!mcp.server.getClientCapabilities()?.sampling) {
          return errorResult(
            'This host does not offer sampling, so the file cannot be summarized here. Use read_file instead.',
          );
        }
        const real = await resolveInRoots(requested, roots);
        const label = displayPath(real, roots);
        const text = await readText(real, label);
        const body =
          text.length > SUMMARY_INPUT_LIMIT ? `${text.slice(0, SUMMARY_INPUT_LIMIT)}\n[…cut]` : text;
        let answer: Awaited<ReturnType<typeof ctx.mcpReq.requestSampling>>;
        try {
          answer = await ctx.mcpReq.requestSampling(
            {
              messages: [{ role: 'user', content: { type: 'text', text: `File: ${label}\n\n${body}` } }],
              systemPrompt: SUMMARY_PROMPT,
              maxTokens: 400,
              includeContext: 'none',
            },
            { timeout: ASK_TIMEOUT_MS },
          );
        } catch (error) {
          return errorResult(`The host did not summarize ${label}: ${detailOf(error)}`);
        }
        const blocks = Array.isArray(answer.content) ? answer.content : [answer.content];
        const summary = blocks
          .flatMap((block) => (block.type === 'text' ? [block.text] : []))
          .join('\n')
          .trim();
        if (summary === '') {
          return errorResult(`The model answered without text, so there is no summary of ${label}.`);
        }
        return textResult(summary);
      }),
  );

  mcp.registerTool(
    'create_note',
    {
      title: 'Create a note',
      description:
        'Asks the person for a title and tags, then writes a Markdown note to notes/<title>.md in the given folder ' +
        '(the first shared folder when none is given).',
      inputSchema: z.object({
        folder: z
          .string()
          .optional()
          .describe('A folder inside a shared folder; the note goes in its notes/ folder.'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ folder }, ctx) =>
      guarded('Creating the note', async () => {
        const roots = await sharedRoots(workspace);
        const base = folder === undefined ? roots[0]!.real : await resolveInRoots(folder, roots);
        if (!(await stat(base)).isDirectory()) {
          throw new WorkspaceError(`${displayPath(base, roots)} is not a folder.`);
        }
        if (!supportsFormElicitation(mcp.server.getClientCapabilities())) {
          return errorResult(
            'This host cannot ask the person questions (no form elicitation), so no note was created.',
          );
        }
        let answer: Awaited<ReturnType<typeof ctx.mcpReq.elicitInput>>;
        try {
          answer = await ctx.mcpReq.elicitInput(
            {
              mode: 'form',
              message: 'New note: give it a title and, if you like, some tags.',
              requestedSchema: NOTE_FORM,
            },
            { timeout: ASK_TIMEOUT_MS },
          );
        } catch (error) {
          return errorResult(`The host did not ask for the note's details: ${detailOf(error)}`);
        }
        if (answer.action === 'decline') return textResult('No note was created: the person declined.');
        if (answer.action === 'cancel') return textResult('No note was created: the person cancelled.');
        const parsed = NoteAnswer.safeParse(answer.content ?? {});
        if (!parsed.success) {
          return errorResult('No note was created: the answer had no usable title (1–100 characters).');
        }
        const { title, tags } = parsed.data;
        const written = await writeNote(
          path.join(base, 'notes'),
          slugify(title),
          noteMarkdown(title, parseTags(tags)),
          roots,
        );
        const label = displayPath(written, roots);
        return {
          content: [
            { type: 'text', text: `Created the note ${label}.` },
            { type: 'resource_link', uri: fileUri(written), name: label, mimeType: 'text/markdown' },
          ],
        };
      }),
  );
}

// Writes `text` to `<folder>/<slug>.md`, or `<slug>-2.md` … when taken; never replaces a file.
async function writeNote(
  folder: string,
  slug: string,
  text: string,
  roots: readonly RootPath[],
): Promise<string> {
  for (let attempt = 1; attempt <= 100; attempt++) {
    const name = attempt === 1 ? `${slug}.md` : `${slug}-${attempt}.md`;
    const target = await writableTarget(path.join(folder, name), roots);
    await ensureFolder(path.dirname(target), displayPath(target, roots));
    try {
      await writeFile(target, text, { encoding: 'utf8', flag: 'wx' });
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new WorkspaceError(`There are already 100 notes named ${slug}; choose another title.`);
}
