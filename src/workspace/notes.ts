// Notes made by create_note: the form asked, the file name made from a title, and the Markdown written.
import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** The form shown to the person: a required title and optional comma-separated tags. */
export const NOTE_FORM: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    title: {
      type: 'string',
      title: 'Title',
      description: 'What the note is about',
      minLength: 1,
      maxLength: 100,
    },
    tags: { type: 'string', title: 'Tags', description: 'Comma-separated, optional' },
  },
  required: ['title'],
};

/** What an accepted form must hold. */
export const NoteAnswer = z.object({
  title: z.string().trim().min(1).max(100),
  tags: z.string().max(1000).optional(),
});

const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/;

/** A file name (without `.md`) from a title: lowercase letters and digits joined by dashes, at most 60 long. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  if (slug === '') return 'note';
  return RESERVED.test(slug) ? `${slug}-note` : slug;
}

/** Tags from a comma-separated answer: trimmed, without a leading `#`, no empties or repeats, at most 20. */
export function parseTags(raw: string | undefined): string[] {
  const tags = (raw ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^#+/, '').replace(/\s+/g, ' ').trim())
    .filter((tag) => tag !== '');
  return [...new Set(tags)].slice(0, 20);
}

/** The note's Markdown: a heading with the title (on one line), then its tags. */
export function noteMarkdown(title: string, tags: readonly string[]): string {
  const heading = title.replace(/\s+/g, ' ').trim();
  return tags.length > 0 ? `# ${heading}\n\nTags: ${tags.join(', ')}\n` : `# ${heading}\n`;
}
