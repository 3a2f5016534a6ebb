// "What changed": the tool's definition before → after as a line diff, marked by sign and words, not colour alone.
import { type ReactNode, useId, useMemo } from 'react';
import type { DefinitionChange } from '../../../../shared/chat';
import { diffCounts, foldUnchanged, lineDiff } from './lineDiff';

const SIGN = { added: '+', removed: '−', same: ' ' } as const;
const SPOKEN = { added: 'added: ', removed: 'removed: ', same: '' } as const;

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The suspended-grant notice and the diff; long unchanged stretches are folded. */
export function DefinitionDiff({ change }: { change: DefinitionChange }): ReactNode {
  const titleId = useId();
  const rows = useMemo(() => lineDiff(change.before, change.after), [change]);
  const shown = useMemo(() => foldUnchanged(rows), [rows]);
  const counts = diffCounts(rows);
  return (
    <section className="consent-section consent-changed" aria-labelledby={titleId}>
      <h3 id={titleId} className="consent-section-title">
        What changed
      </h3>
      <p className="notice consent-changed-notice">
        You chose “Always allow” for this tool before, but the server has changed the tool’s definition since,
        so that permission is suspended. Check the change below before you allow it again.
      </p>
      <p className="muted consent-diff-legend">
        {plural(counts.added, 'line')} added (+), {plural(counts.removed, 'line')} removed (−).
      </p>
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
    </section>
  );
}
