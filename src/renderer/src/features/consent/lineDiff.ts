// A line diff of a tool's definition before and after it changed, with long unchanged runs folded.
import { diffLines } from 'diff';

/** One shown row: a line that was added, removed or kept, or a fold standing for `count` kept lines. */
export type DiffRow = { kind: 'added' | 'removed' | 'same'; text: string } | { kind: 'fold'; count: number };

/** Kept lines shown on each side of a change. */
const CONTEXT = 3;

function splitLines(value: string): string[] {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Every line of `before` → `after`, marked added, removed or same. */
export function lineDiff(before: string, after: string): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const part of diffLines(before, after)) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    for (const text of splitLines(part.value)) rows.push({ kind, text });
  }
  return rows;
}

/** Folds runs of unchanged lines longer than twice the context into one `fold` row. */
export function foldUnchanged(rows: readonly DiffRow[], context = CONTEXT): DiffRow[] {
  const out: DiffRow[] = [];
  let index = 0;
  while (index < rows.length) {
    const row = rows[index];
    if (row?.kind !== 'same') {
      if (row) out.push(row);
      index += 1;
      continue;
    }
    let end = index;
    while (rows[end]?.kind === 'same') end += 1;
    const run = rows.slice(index, end);
    const keepBefore = index === 0 ? 0 : context;
    const keepAfter = end === rows.length ? 0 : context;
    if (run.length > keepBefore + keepAfter + 1) {
      out.push(...run.slice(0, keepBefore));
      out.push({ kind: 'fold', count: run.length - keepBefore - keepAfter });
      out.push(...run.slice(run.length - keepAfter));
    } else {
      out.push(...run);
    }
    index = end;
  }
  return out;
}

/** How many lines were added and removed. */
export function diffCounts(rows: readonly DiffRow[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const row of rows) {
    if (row.kind === 'added') added += 1;
    else if (row.kind === 'removed') removed += 1;
  }
  return { added, removed };
}
