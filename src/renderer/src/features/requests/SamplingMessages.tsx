// The messages a server wants the model to read: each text editable, images and audio shown inline from data URLs only.
import { type ReactNode, useId } from 'react';
import type { SamplingMessageView } from '../../../../shared/requests';
import { useT } from '../../i18n';
import { ToolResultBlock, ToolUseBlock } from './SamplingTools';
import { type MediaContent, mediaSrc, textLabel } from './samplingForm';

type MessagesProps = {
  messages: SamplingMessageView[];
  disabled: boolean;
  onEdit: (message: number, part: number, text: string) => void;
};

function Media({ content }: { content: MediaContent }): ReactNode {
  const t = useT();
  const src = mediaSrc(content);
  if (!src) {
    return (
      <p className="muted request-media-missing">
        {t('requests.sampling.mediaMissing', {
          kind: content.type,
          type: content.mimeType || t('requests.sampling.noMediaType'),
        })}
      </p>
    );
  }
  const label = t('requests.sampling.mediaLabel', { kind: content.type, type: content.mimeType });
  return content.type === 'image' ? (
    <img className="request-image" src={src} alt={label} />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: server-sent audio comes without captions
    <audio className="request-audio" controls src={src} aria-label={label} />
  );
}

function MessageBlock({
  message,
  index,
  disabled,
  onEdit,
}: {
  message: SamplingMessageView;
  index: number;
  disabled: boolean;
  onEdit: MessagesProps['onEdit'];
}): ReactNode {
  const t = useT();
  const base = useId();
  const textCount = message.content.filter((content) => content.type === 'text').length;
  let textIndex = 0;
  return (
    <li className="request-message">
      <p className="request-message-role">
        {message.role === 'user' ? t('requests.sampling.asUser') : t('requests.sampling.asAssistant')}
      </p>
      {message.content.length === 0 ? <p className="muted">{t('requests.sampling.emptyMessage')}</p> : null}
      {message.content.map((content, part) => {
        if (content.type === 'tool_use') {
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no ids and never reorder
          return <ToolUseBlock key={part} use={content} />;
        }
        if (content.type === 'tool_result') {
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no ids and never reorder
          return <ToolResultBlock key={part} result={content} />;
        }
        if (content.type !== 'text') {
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no ids and never reorder
          return <Media key={part} content={content} />;
        }
        const label = textLabel(index, textIndex, textCount);
        textIndex += 1;
        const id = `${base}-${part}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no ids and never reorder
          <div key={part} className="request-field">
            <label htmlFor={id}>{label}</label>
            <textarea
              id={id}
              rows={Math.min(8, Math.max(2, content.text.split('\n').length))}
              value={content.text}
              disabled={disabled}
              onChange={(event) => onEdit(index, part, event.target.value)}
            />
          </div>
        );
      })}
    </li>
  );
}

/** The list of messages, in order, with who each one speaks as. */
export function SamplingMessages({ messages, disabled, onEdit }: MessagesProps): ReactNode {
  const t = useT();
  return (
    <section className="request-section">
      <h3 className="request-section-title">{t('requests.sampling.messages')}</h3>
      <p className="muted request-hint">{t('requests.sampling.messagesHint')}</p>
      <ol className="request-messages">
        {messages.map((message, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages have no ids and never reorder
          <MessageBlock key={index} message={message} index={index} disabled={disabled} onEdit={onEdit} />
        ))}
      </ol>
    </section>
  );
}
