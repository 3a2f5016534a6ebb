// What a person can do with messages: Retry, Regenerate or Continue the last reply, and Edit and resend their own.
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type AssistantMessage, canContinue } from '../../../../shared/chat';
import { isComposing } from '../../components/composing';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { useLastMessageId, useMessageIds, useTurnRunning } from '../../store';

/** The buttons under the conversation's last reply, once it has settled. */
export function ReplyActions({
  message,
  conversationId,
}: {
  message: AssistantMessage;
  conversationId: string;
}): ReactNode {
  const t = useT();
  const last = useLastMessageId(conversationId) === message.id;
  const running = useTurnRunning(conversationId);
  const action = useCommand();
  if (!last || running || message.status === 'streaming') return null;
  const id = conversationId;
  const regenerate = () => void action.run((host) => host.invoke('chat.regenerate', { id }));
  const resume = () => void action.run((host) => host.invoke('chat.continue', { id }));
  return (
    <div className="msg-actions">
      {message.status === 'error' ? (
        <button type="button" className="small" disabled={action.pending} onClick={regenerate}>
          {t('chat.reply.retry')}
        </button>
      ) : null}
      {canContinue(message) ? (
        <button
          type="button"
          className="small"
          disabled={action.pending}
          title={t('chat.reply.continueTitle')}
          onClick={resume}
        >
          {t('chat.reply.continue')}
        </button>
      ) : null}
      {message.status !== 'error' ? (
        <button
          type="button"
          className="small"
          disabled={action.pending}
          title={t('chat.reply.regenerateTitle')}
          onClick={regenerate}
        >
          {t('chat.reply.regenerate')}
        </button>
      ) : null}
      {action.error ? (
        <span className="inline-error" role="alert">
          {action.error}
        </span>
      ) : null}
    </div>
  );
}

/** How many messages follow `messageId`: they go when it is edited and sent again. */
function useLaterCount(conversationId: string, messageId: string): number {
  const ids = useMessageIds(conversationId);
  const at = ids.indexOf(messageId);
  return at < 0 ? 0 : ids.length - at - 1;
}

/** The person's message in an editor: Send replaces it and removes what came after; Escape or Cancel leaves it. */
export function MessageEditor({
  conversationId,
  messageId,
  text,
  onDone,
}: {
  conversationId: string;
  messageId: string;
  text: string;
  onDone: () => void;
}): ReactNode {
  const t = useT();
  const [value, setValue] = useState(text);
  const later = useLaterCount(conversationId, messageId);
  const running = useTurnRunning(conversationId);
  const send = useCommand();
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = box.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (running || send.pending) return;
    const outcome = await send.run((host) =>
      host.invoke('chat.edit', { id: conversationId, messageId, text: value.trim() }),
    );
    if (outcome.ok) onDone();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    } else if (event.key === 'Enter' && !event.shiftKey && !isComposing(event)) {
      event.preventDefault();
      void submit();
    }
  };
  const removes = later === 0 ? t('chat.editor.asksAgain') : t('chat.editor.replaces', { count: later });
  return (
    <form className="msg-editor" onSubmit={(event) => void submit(event)}>
      <textarea
        ref={box}
        aria-label={t('chat.editor.label')}
        className="msg-editor-text"
        rows={Math.min(10, Math.max(2, value.split('\n').length))}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p className="msg-editor-note">{running ? t('chat.editor.waiting') : removes}</p>
      <div className="msg-editor-bar">
        <button type="button" className="small" onClick={onDone}>
          {t('chat.action.cancel')}
        </button>
        <button type="submit" className="small primary" disabled={running || send.pending || !value.trim()}>
          {t('chat.action.send')}
        </button>
      </div>
      {send.error ? (
        <p className="inline-error" role="alert">
          {send.error}
        </p>
      ) : null}
    </form>
  );
}
