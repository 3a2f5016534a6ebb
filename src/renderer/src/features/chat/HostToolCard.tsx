// A small card for a tool the host answers itself (reading a kept result): what was asked and what it gave back.
import { memo, type ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/chat';
import { ChevronIcon } from './icons';

/** The first line of the answer, which says which characters follow (or why there were none). */
function summaryOf(call: ToolCallView): string {
  const first = call.result?.content[0];
  const text = first?.type === 'text' ? first.text : '';
  const line = text.split('\n', 1)[0] ?? '';
  return call.result?.isError ? line : line.replace(/^\[|\]$/g, '');
}

/** `role="group"` named `Read a kept result`, with the answer's text behind a disclosure. */
export const HostToolCard = memo(function HostToolCard({ call }: { call: ToolCallView }): ReactNode {
  const first = call.result?.content[0];
  const text = first?.type === 'text' ? first.text : '';
  const body = text.slice(text.indexOf('\n') + 1);
  const failed = call.result?.isError === true;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card in a conversation, not a form's fieldset
    <div
      role="group"
      aria-label="Read a kept result"
      className={`tool-card tool-card-host${failed ? ' tool-card-failed' : ''}`}
    >
      <details className="tool-args">
        <summary>
          <ChevronIcon />
          {failed ? 'Could not read a kept result: ' : 'Read '}
          {summaryOf(call)}
        </summary>
        {failed ? null : <pre className="tool-host-text">{body}</pre>}
      </details>
    </div>
  );
});
