// A line diff as a person reads it: signs and spoken words as well as colour, long unchanged stretches folded.
import { type ReactNode, useMemo } from 'react';
import { type DiffRow, diffCounts, foldUnchanged } from './lineDiff';

const SIGN = { added: '+', removed: '−', same: ' ' } as const;
const SPOKEN = { added: 'added: ', removed: 'removed: ', same: '' } as const;

/** `count noun(s)`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The legend line: how many lines were added (+) and removed (−). */
export function DiffLegend({ rows }: { rows: readonly DiffRow[] }): ReactNode {
  const counts = diffCounts(rows);
  return (
    <p className="muted consent-diff-legend">
      {plural(counts.added, 'line')} added (+), {plural(counts.removed, 'line')} removed (−).
    </p>
  );
}

/** The rows in a `<pre>` named `label`; runs of unchanged lines beyond the context are folded. */
export function LineDiffView({ rows, label }: { rows: readonly DiffRow[]; label: string }): ReactNode {
  const shown = useMemo(() => foldUnchanged(rows), [rows]);
  return (
    <figure className="consent-diff-figure" aria-label={label}>
      <pre className="consent-diff">
        {shown.map((row, index) =>
          row.kind === 'fold' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reorder
            <span key={index} className="consent-diff-row consent-diff-fold">
              {`  … ${plural(row.count, 'unchanged line')} …`}
            </span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reorder
            <span key={index} className={`consent-diff-row consent-diff-${row.kind}`}>
              <span className="consent-diff-sign" aria-hidden="true">
                {SIGN[row.kind]}
              </span>
              <span className="visually-hidden">{SPOKEN[row.kind]}</span>
              {row.text}
            </span>
          ),
        )}
      </pre>
    </figure>
  );
}
