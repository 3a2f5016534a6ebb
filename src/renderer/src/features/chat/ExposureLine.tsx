// Under a conversation's title: the outside content it took in (and private data it read), each with a link to its message.
import type { ReactNode } from 'react';
import type { FlowMark } from '../../../../shared/flow';
import { useFormat, useT } from '../../i18n';
import { actions, useExposure } from '../../store';

function MarkLink({ id, mark, labelId }: { id: string; mark: FlowMark; labelId: string }): ReactNode {
  const t = useT();
  const f = useFormat();
  const text = t(labelId, { what: mark.what, time: f.shortClock(mark.time) });
  if (!mark.messageId) return <span>{text}</span>;
  const messageId = mark.messageId;
  return (
    <button
      type="button"
      className="link-button"
      title={t('chat.exposure.reveal')}
      onClick={() => actions.messageRevealRequested(id, messageId)}
    >
      {text}
    </button>
  );
}

/** Nothing until the conversation took in outside content or read private data. */
export function ExposureLine({ id }: { id: string }): ReactNode {
  const t = useT();
  const exposure = useExposure(id);
  if (!exposure?.outsideContent && !exposure?.privateData) return null;
  return (
    <div className="chat-exposure" role="note" aria-label={t('chat.exposure.label')}>
      {exposure.outsideContent ? (
        <MarkLink id={id} mark={exposure.outsideContent} labelId="chat.exposure.outside" />
      ) : null}
      {exposure.outsideContent && exposure.privateData ? <span aria-hidden="true"> · </span> : null}
      {exposure.privateData ? (
        <MarkLink id={id} mark={exposure.privateData} labelId="chat.exposure.private" />
      ) : null}
    </div>
  );
}
