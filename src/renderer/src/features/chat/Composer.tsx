// The composer: the Message box (Enter sends, Shift+Enter breaks the line), Send and Stop, model, tools and prompts.
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useCommand } from '../../components/useCommand';
import { actions, useComposerContext, useComposerOffer, useModels, useTurnRunning } from '../../store';
import { PendingDecisions } from '../consent/PendingDecisions';
import { ComposerContext } from '../prompts/ComposerContext';
import { usePromptPicker } from '../prompts/usePromptPicker';
import { SendIcon, StopIcon } from './icons';
import { ModelPicker } from './ModelPicker';
import { modelGroups } from './models';
import { ToolsButton } from './ToolsMenu';
import './composer.css';

const MAX_HEIGHT = 240;
/** Unsent text per conversation, kept while the person looks at another one. */
const drafts = new Map<string, string>();

/** Puts `text` in a conversation's message box before it is shown (e.g. a suggested slash command). */
export function setDraft(conversationId: string, text: string): void {
  drafts.set(conversationId, text);
}

function NoModel(): ReactNode {
  return (
    <div className="composer-notice">
      <span>No model is set up yet. Add a provider and pick a model to start chatting.</span>
      <button type="button" className="small" onClick={() => actions.settingsOpened('models')}>
        Set up a model
      </button>
    </div>
  );
}

/**
 * Takes a message an app view suggested into the box (after what is there), for the person to edit
 * and send; nothing is sent by the view. Answers the tool whose view suggested the text, until the box empties.
 */
function useOfferedMessage(
  id: string,
  setText: (update: (current: string) => string) => void,
  box: RefObject<HTMLTextAreaElement | null>,
  text: string,
): string | null {
  const offer = useComposerOffer(id);
  const [from, setFrom] = useState<string | null>(null);
  useEffect(() => {
    if (!text.trim()) setFrom(null);
  }, [text]);
  useEffect(() => {
    if (!offer) return;
    actions.composerOfferTaken(id);
    setText((current) => (current.trim() ? `${current}\n\n${offer.text}` : offer.text));
    setFrom(offer.from);
    box.current?.focus();
  }, [id, offer, setText, box]);
  return from;
}

/** The form under the messages of conversation `id`. */
export function Composer({ id }: { id: string }): ReactNode {
  const running = useTurnRunning(id);
  const models = useModels();
  const noModel = models !== null && modelGroups(models).length === 0;
  const [text, setText] = useState(() => drafts.get(id) ?? '');
  const send = useCommand();
  const stop = useCommand();
  const box = useRef<HTMLTextAreaElement>(null);
  const context = useComposerContext(id);
  const picker = usePromptPicker({ conversationId: id, text, setText, box, disabled: running });
  const offered = useOfferedMessage(id, setText, box, text);

  useEffect(() => {
    if (text) drafts.set(id, text);
    else drafts.delete(id);
  }, [id, text]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the box grows with its text
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
  }, [text]);

  // Focus the box when the conversation opens (unless the person types elsewhere), and when a reply
  // ends if focus was lost with the disabled box.
  const opened = useRef(false);
  useEffect(() => {
    const el = box.current;
    if (running || !el) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    const typing = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
    if (lost || (!opened.current && !typing)) el.focus();
    opened.current = true;
  }, [running]);

  const submit = async () => {
    const value = text.trim();
    const attached = context;
    if ((!value && attached.length === 0) || running || send.pending) return;
    setText('');
    actions.contextSet(id, []);
    const outcome = await send.run((host) =>
      host.invoke('chat.send', { id, text: value, context: attached.length > 0 ? attached : undefined }),
    );
    if (!outcome.ok) {
      setText((current) => (current === '' ? value : current));
      actions.contextSet(id, attached);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.onKeyDown(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const problem = send.error ?? stop.error ?? picker.error;
  const note = offered
    ? `The view of ${offered} suggested this message. Edit it, send it, or clear it.`
    : null;
  const form = (
    <form className="composer" onSubmit={onSubmit}>
      {noModel ? <NoModel /> : null}
      <PendingDecisions id={id} />
      <ComposerContext id={id} />
      {picker.popup}
      <div className={running ? 'composer-box busy' : 'composer-box'}>
        <textarea
          ref={box}
          className="composer-text"
          aria-label="Message"
          rows={1}
          placeholder={running ? 'The model is answering…' : 'Message the model'}
          value={text}
          disabled={running}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          {...picker.textbox}
        />
        <div className="composer-bar">
          <ModelPicker id={id} />
          <ToolsButton id={id} />
          {picker.button}
          {picker.pending ? <span className="composer-inline muted">Getting the prompt…</span> : null}
          <span className="composer-spacer" />
          {running ? (
            <button
              type="button"
              className="stop-button"
              disabled={stop.pending}
              onClick={() => void stop.run((host) => host.invoke('chat.stop', { id }))}
            >
              <StopIcon />
              Stop
            </button>
          ) : null}
          <button
            type="submit"
            className="primary send-button"
            disabled={running || send.pending || (!text.trim() && context.length === 0)}
          >
            <SendIcon />
            Send
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
        <p className="composer-hint">
          Enter sends · Shift+Enter adds a line · the model asks before every tool call
        </p>
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
