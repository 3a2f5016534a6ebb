// The composer: the Message box (Enter sends, Shift+Enter breaks the line; while the model answers a message waits for
// the reply to end), Send and Stop, model, tools, prompts, files and @ mentions.
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { ContextItem } from '../../../../shared/resources';
import { isComposing } from '../../components/composing';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
import { actions, useChatStarting, useComposerContext, useModels, useTurnRunning } from '../../store';
import { PendingDecisions } from '../consent/PendingDecisions';
import { ComposerContext } from '../prompts/ComposerContext';
import { usePromptPicker } from '../prompts/usePromptPicker';
import { AttachButton } from './attachments/AttachButton';
import { UploadingChip } from './attachments/FileChip';
import { useFileAttachments } from './attachments/useFileAttachments';
import { useFileDrop } from './attachments/useFileDrop';
import { SendIcon, StopIcon } from './icons';
import { ModelPicker } from './ModelPicker';
import { useMentions } from './mentions/useMentions';
import { modelGroups } from './models';
import { ToolsButton } from './ToolsMenu';
import { useComposerBox } from './useComposerBox';
import { useEscapeStops } from './useEscapeStops';
import { useOfferedMessage } from './useOfferedMessage';
import { type QueuedMessage, useQueuedMessage } from './useQueuedMessage';
import './composer.css';

/** Unsent text per conversation, kept while the person looks at another one. */
const drafts = new Map<string, string>();

/** Puts `text` in a conversation's message box before it is shown (e.g. a suggested slash command). */
export function setDraft(conversationId: string, text: string): void {
  drafts.set(conversationId, text);
}

function NoModel(): ReactNode {
  const t = useT();
  return (
    <div className="composer-notice">
      <span>{t('chat.composer.noModel')}</span>
      <button type="button" className="small" onClick={() => actions.settingsOpened('models')}>
        {t('chat.composer.setUpModel')}
      </button>
    </div>
  );
}

/** The form under the messages of conversation `id`. */
export function Composer({ id }: { id: string }): ReactNode {
  const t = useT();
  const running = useTurnRunning(id);
  // Text typed while a new conversation is being made would stay behind in this one.
  const leaving = useChatStarting();
  const models = useModels();
  const noModel = models !== null && modelGroups(models).length === 0;
  const [text, setText] = useState(() => drafts.get(id) ?? '');
  const send = useCommand();
  const stop = useCommand();
  const box = useRef<HTMLTextAreaElement>(null);
  const context = useComposerContext(id);
  const picker = usePromptPicker({ conversationId: id, text, setText, box, disabled: false });
  const mentions = useMentions({ conversationId: id, text, setText, box });
  const files = useFileAttachments(id);
  const drop = useFileDrop(files.add);
  const offered = useOfferedMessage(id, setText, box, text);
  const uploading = files.pending.length > 0;

  const stopReply = useCallback(
    () => void stop.run((host) => host.invoke('chat.stop', { id })),
    [stop.run, id],
  );
  useEscapeStops(running, stopReply);

  const deliver = async ({ text: value, context: attached }: QueuedMessage) => {
    const outcome = await send.run((host) =>
      host.invoke('chat.send', { id, text: value, context: attached.length > 0 ? attached : undefined }),
    );
    if (!outcome.ok) restore({ text: value, context: attached });
  };
  /** Puts a message back in the box (after what the person has typed since) with its attachments. */
  const restore = ({ text: value, context: attached }: QueuedMessage) => {
    setText((current) => (current.trim() === '' ? value : `${value}\n\n${current}`));
    for (const item of attached) actions.contextAdded(id, item);
  };
  const waiting = useQueuedMessage(id, running, (message) => void deliver(message), restore);

  useEffect(() => {
    if (text) drafts.set(id, text);
    else drafts.delete(id);
  }, [id, text]);
  useComposerBox(box, text, running);

  const submit = async () => {
    const value = text.trim();
    const attached: ContextItem[] = context;
    if ((!value && attached.length === 0) || leaving || send.pending || uploading || waiting.queued) return;
    setText('');
    actions.contextSet(id, []);
    waiting.clearNote();
    mentions.clearDone();
    if (running) waiting.queue({ text: value, context: attached });
    else await deliver({ text: value, context: attached });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event)) return;
    if (picker.onKeyDown(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || isComposing(event)) return;
    event.preventDefault();
    void submit();
  };

  const problem = send.error ?? stop.error ?? picker.error ?? mentions.error;
  const note = offered ? t('chat.composer.offered', { view: offered }) : (waiting.note ?? mentions.done);
  const textbox = {
    'aria-controls': mentions.textbox['aria-controls'] ?? picker.textbox['aria-controls'],
    'aria-activedescendant':
      mentions.textbox['aria-activedescendant'] ?? picker.textbox['aria-activedescendant'],
    onFocus: () => {
      picker.textbox.onFocus();
      mentions.textbox.onFocus();
    },
    onBlur: () => {
      picker.textbox.onBlur();
      mentions.textbox.onBlur();
    },
    onSelect: mentions.textbox.onSelect,
  };
  const empty = !text.trim() && context.length === 0;
  const form = (
    <form
      className={drop.dropping ? 'composer dropping' : 'composer'}
      onSubmit={onSubmit}
      onDragOver={drop.onDragOver}
      onDragLeave={drop.onDragLeave}
      onDrop={drop.onDrop}
    >
      {noModel ? <NoModel /> : null}
      {files.refusals.length > 0 ? (
        <div className="attach-refusals" role="alert">
          <ul>
            {files.refusals.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <button
            type="button"
            className="icon-button"
            aria-label={t('chat.composer.dismiss')}
            onClick={files.dismiss}
          >
            ×
          </button>
        </div>
      ) : null}
      <PendingDecisions id={id} />
      <ComposerContext id={id} />
      {uploading ? (
        <ul className="attachment-chips composer-uploads" aria-label={t('chat.composer.uploading')}>
          {files.pending.map((file) => (
            <UploadingChip key={file.key} file={file} />
          ))}
        </ul>
      ) : null}
      {waiting.queued ? (
        <div className="composer-queued" role="status">
          <span>
            <Message
              id="chat.composer.queued"
              values={{
                text: waiting.queued.text || t('chat.composer.queuedAttachments'),
                q: (chunks) => <q>{chunks}</q>,
              }}
            />
          </span>
          <button type="button" className="small" onClick={waiting.cancel}>
            {t('chat.composer.edit')}
          </button>
        </div>
      ) : null}
      {picker.popup}
      {mentions.popup}
      <div className={running ? 'composer-box busy' : 'composer-box'}>
        <textarea
          ref={box}
          className="composer-text"
          aria-label={t('chat.composer.message')}
          rows={1}
          placeholder={
            leaving
              ? t('chat.composer.placeholderStarting')
              : running
                ? t('chat.composer.placeholderRunning')
                : t('chat.composer.placeholder')
          }
          readOnly={leaving}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={drop.onPaste}
          {...textbox}
        />
        <div className="composer-bar">
          <AttachButton onFiles={(chosen) => void files.add(chosen)} />
          <ModelPicker id={id} />
          <ToolsButton id={id} />
          {picker.button}
          {picker.pending ? (
            <span className="composer-inline muted">{t('chat.composer.gettingPrompt')}</span>
          ) : null}
          {mentions.pending ? (
            <span className="composer-inline muted">{t('chat.composer.readingResource')}</span>
          ) : null}
          <span className="composer-spacer" />
          {running ? (
            <button
              type="button"
              className="stop-button"
              disabled={stop.pending}
              title={t('chat.composer.stopTitle')}
              onClick={stopReply}
            >
              <StopIcon />
              {t('chat.composer.stop')}
            </button>
          ) : null}
          <button
            type="submit"
            className="primary send-button"
            disabled={leaving || send.pending || uploading || empty || waiting.queued !== null}
            title={running ? t('chat.composer.sendAfterTitle') : undefined}
          >
            <SendIcon />
            {running ? t('chat.composer.sendAfter') : t('chat.composer.send')}
          </button>
        </div>
      </div>
      {problem ? (
        <p className="inline-error composer-problem" role="alert">
          {problem}
        </p>
      ) : note ? (
        <p className="composer-hint" role="status">
          {note}
        </p>
      ) : (
        <p className="composer-hint">{running ? t('chat.composer.hintRunning') : t('chat.composer.hint')}</p>
      )}
    </form>
  );
  return (
    <>
      {form}
      {picker.dialog}
    </>
  );
}
