// What the model thought before it answered: a collapsed "Thinking" block above the answer, with how long it took.
import { memo, type ReactNode } from 'react';
import type { ReasoningPart } from '../../../../shared/chat';
import { ChevronIcon } from './icons';

/** "Thought for 4 seconds", or "Thinking…" while it goes on. */
function heading(part: ReasoningPart, live: boolean): string {
  if (live && part.durationMs === undefined) return 'Thinking…';
  if (part.durationMs === undefined) return 'Thinking';
  const seconds = Math.max(1, Math.round(part.durationMs / 1000));
  return `Thought for ${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** A `<details>` named by its heading; the thinking is plain text, never HTML. */
export const ThinkingBlock = memo(function ThinkingBlock({
  part,
  live,
}: {
  part: ReasoningPart;
  live: boolean;
}): ReactNode {
  return (
    <details className="thinking">
      <summary>
        <ChevronIcon />
        {heading(part, live)}
      </summary>
      {part.redacted && !part.text ? (
        <p className="thinking-text muted">The provider keeps this thinking hidden.</p>
      ) : (
        <p className="thinking-text">{part.text}</p>
      )}
    </details>
  );
});
