// What writing a file would do, in words and lines: "creates a new file" or "replaces N lines", with the diff.
import type { WritePreview } from '../../../../shared/consent';
import { type DiffRow, diffCounts, lineDiff } from './lineDiff';

/** The words and (for an existing file) the diff of the current file against the new content. */
export type WriteSummary = {
  headline: string;
  rows?: DiffRow[];
  tone: 'new' | 'change' | 'same' | 'unknown';
};

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function linesOf(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n');
  return lines.at(-1) === '' ? lines.length - 1 : lines.length;
}

/** The summary of writing `content` where `preview` says the file stands; undefined when the call writes no file. */
export function writeSummary(preview: WritePreview, content: string): WriteSummary | undefined {
  switch (preview.kind) {
    case 'none':
      return undefined;
    case 'new':
      return {
        headline: `Creates a new file, ${preview.path}, with ${plural(linesOf(content), 'line')}.`,
        tone: 'new',
      };
    case 'unavailable':
      return { headline: `Writes ${preview.path}. ${preview.reason}`, tone: 'unknown' };
    case 'replace': {
      const rows = lineDiff(preview.current, content);
      const { added, removed } = diffCounts(rows);
      if (added === 0 && removed === 0) {
        return {
          headline: `Leaves ${preview.path} as it is: the new content is the same.`,
          rows,
          tone: 'same',
        };
      }
      const before = linesOf(preview.current);
      const headline =
        removed === 0
          ? `Adds ${plural(added, 'line')} to ${preview.path} (${plural(before, 'line')} now); replaces nothing.`
          : `Replaces ${plural(removed, 'line')} of ${before} in ${preview.path}, with ${plural(added, 'new line')}.`;
      return { headline, rows, tone: 'change' };
    }
  }
}
