// What the model thought before it answered: a collapsed "Thinking" block above the answer, with how long it took.
import { memo, type ReactNode } from 'react';
import type { ReasoningPart } from '../../../../shared/chat';
import { useT } from '../../i18n';
import { ChevronIcon } from './icons';
import type { Translate } from './toolCallText';

/** "Thought for 4 seconds", or "Thinking…" while it goes on. */
function heading(part: ReasoningPart, live: boolean, t: Translate): string {
  if (live && part.durationMs === undefined) return t('chat.thinking.live');
  if (part.durationMs === undefined) return t('chat.thinking.title');
  const seconds = Math.max(1, Math.round(part.durationMs / 1000));
  return t('chat.thinking.took', { seconds });
}

/** A `<details>` named by its heading; the thinking is plain text, never HTML. */
export const ThinkingBlock = memo(function ThinkingBlock({
  part,
  live,
}: {
  part: ReasoningPart;
  live: boolean;
}): ReactNode {
  const t = useT();
  return (
    <details className="thinking">
      <summary>
        <ChevronIcon />
        {heading(part, live, t)}
      </summary>
      {part.redacted && !part.text ? (
        <p className="thinking-text muted">{t('chat.thinking.hidden')}</p>
      ) : (
        <p className="thinking-text">{part.text}</p>
      )}
    </details>
  );
});
