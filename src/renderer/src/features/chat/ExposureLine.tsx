// Under a conversation's title: the outside content it took in (and private data it read), each with a link to its message.
import type { ReactNode } from 'react';
import { clockTime, type FlowMark, markText } from '../../../../shared/flow';
import { actions, useExposure } from '../../store';

function MarkLink({ id, mark, label }: { id: string; mark: FlowMark; label: string }): ReactNode {
  const text = `${label} ${markText(mark, clockTime)}`;
  if (!mark.messageId) return <span>{text}</span>;
  const messageId = mark.messageId;
  return (
    <button
      type="button"
      className="link-button"
      title="Show the message it came in with"
      onClick={() => actions.messageRevealRequested(id, messageId)}
    >
      {text}
    </button>
  );
}

/** Nothing until the conversation took in outside content or read private data. */
export function ExposureLine({ id }: { id: string }): ReactNode {
  const exposure = useExposure(id);
  if (!exposure?.outsideContent && !exposure?.privateData) return null;
  return (
    <div className="chat-exposure" role="note" aria-label="What this conversation took in">
      {exposure.outsideContent ? (
        <MarkLink id={id} mark={exposure.outsideContent} label="Outside content from" />
      ) : null}
      {exposure.outsideContent && exposure.privateData ? <span aria-hidden="true"> · </span> : null}
      {exposure.privateData ? (
        <MarkLink id={id} mark={exposure.privateData} label="Private data from" />
      ) : null}
    </div>
  );
}
