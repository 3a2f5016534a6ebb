// What the model was given of a tool result too long for it at once: its start, and a note of how to read on.
import type { ReactNode } from 'react';
import { type KeptResult, keptResultNote } from '../../../../shared/keptResults';
import { useT } from '../../i18n';
import { ChevronIcon } from './icons';

/** A line under the result, and the note itself word for word when opened. */
export function KeptResultNote({ kept }: { kept: KeptResult }): ReactNode {
  const t = useT();
  return (
    <details className="tool-kept">
      <summary>
        <ChevronIcon />
        {t('chatTools.kept.summary', { given: kept.given, chars: kept.chars, id: kept.id })}
      </summary>
      {/* The note the model read, word for word: it stays as the model got it. */}
      <p className="tool-kept-note">{keptResultNote(kept)}</p>
    </details>
  );
}
