// What writing a file would do, in words and lines: "creates a new file" or "replaces N lines", with the diff.
import type { WritePreview } from '../../../../shared/consent';
import { translate } from '../../i18n';
import { type DiffRow, diffCounts, lineDiff } from './lineDiff';

/** The words and (for an existing file) the diff of the current file against the new content. */
export type WriteSummary = {
  headline: string;
  rows?: DiffRow[];
  tone: 'new' | 'change' | 'same' | 'unknown';
};

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
        headline: translate('consent.write.new', { path: preview.path, lines: linesOf(content) }),
        tone: 'new',
      };
    case 'unavailable':
      return {
        headline: translate('consent.write.unavailable', { path: preview.path, reason: preview.reason }),
        tone: 'unknown',
      };
    case 'replace': {
      const rows = lineDiff(preview.current, content);
      const { added, removed } = diffCounts(rows);
      if (added === 0 && removed === 0) {
        return {
          headline: translate('consent.write.same', { path: preview.path }),
          rows,
          tone: 'same',
        };
      }
      const before = linesOf(preview.current);
      const headline =
        removed === 0
          ? translate('consent.write.adds', { added, path: preview.path, before })
          : translate('consent.write.replaces', { removed, before, path: preview.path, added });
      return { headline, rows, tone: 'change' };
    }
  }
}
