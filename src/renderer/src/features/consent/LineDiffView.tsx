// A line diff as a person reads it: signs and spoken words as well as colour, long unchanged stretches folded.
import { type ReactNode, useMemo } from 'react';
import { useT } from '../../i18n';
import { type DiffRow, diffCounts, foldUnchanged } from './lineDiff';

const SIGN = { added: '+', removed: '−', same: ' ' } as const;
const SPOKEN = { added: 'consent.diff.spokenAdded', removed: 'consent.diff.spokenRemoved' } as const;

function rowClass(kind: 'added' | 'removed' | 'same'): string {
  return `consent-diff-row consent-diff-${kind}`;
}

/** The legend line: how many lines were added (+) and removed (−). */
export function DiffLegend({ rows }: { rows: readonly DiffRow[] }): ReactNode {
  const t = useT();
  const counts = diffCounts(rows);
  return <p className="muted consent-diff-legend">{t('consent.diff.legend', counts)}</p>;
}

/** The rows in a `<pre>` named `label`; runs of unchanged lines beyond the context are folded. */
export function LineDiffView({ rows, label }: { rows: readonly DiffRow[]; label: string }): ReactNode {
  const t = useT();
  const shown = useMemo(() => foldUnchanged(rows), [rows]);
  return (
    <figure className="consent-diff-figure" aria-label={label}>
      <pre className="consent-diff">
        {shown.map((row, index) =>
          row.kind === 'fold' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reorder
            <span key={index} className="consent-diff-row consent-diff-fold">
              {`  ${t('consent.diff.fold', { count: row.count })}`}
            </span>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reorder
            <span key={index} className={rowClass(row.kind)}>
              <span className="consent-diff-sign" aria-hidden="true">
                {SIGN[row.kind]}
              </span>
              <span className="visually-hidden">{row.kind === 'same' ? '' : t(SPOKEN[row.kind])}</span>
              {row.text}
            </span>
          ),
        )}
      </pre>
    </figure>
  );
}
