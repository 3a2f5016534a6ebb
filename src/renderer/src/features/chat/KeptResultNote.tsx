// What the model was given of a tool result too long for it at once: its start, and a note of how to read on.
import type { ReactNode } from 'react';
import { type KeptResult, keptResultNote } from '../../../../shared/keptResults';
import { ChevronIcon } from './icons';

const number = (value: number) => value.toLocaleString('en');

/** A line under the result, and the note itself word for word when opened. */
export function KeptResultNote({ kept }: { kept: KeptResult }): ReactNode {
  return (
    <details className="tool-kept">
      <summary>
        <ChevronIcon />
        The model was given the first {number(kept.given)} of {number(kept.chars)} characters; it reads the
        rest as {kept.id} when it needs to.
      </summary>
      <p className="tool-kept-note">{keptResultNote(kept)}</p>
    </details>
  );
}
