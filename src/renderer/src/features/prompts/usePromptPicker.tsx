// Slash prompts for the composer: `/` or the Prompts button opens the list; choosing asks for arguments or fetches.
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import type { ContextItem } from '../../../../shared/resources';
import { isComposing } from '../../components/composing';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions, useOfferedServers } from '../../store';
import { filterPrompts, type PromptEntry, promptEntries, slashQuery } from './catalog';
import { fetchPrompt } from './fetchPrompt';
import { PromptDialog } from './PromptDialog';
import { PromptList, promptOptionId } from './PromptList';
import './prompts.css';

export type PromptPickerOptions = {
  conversationId: string;
  text: string;
  setText: (text: string) => void;
  box: RefObject<HTMLTextAreaElement | null>;
  disabled: boolean;
};

/** What the composer renders and wires into its textbox. */
export type PromptPicker = {
  /** Spread onto the textbox. */
  textbox: {
    'aria-controls'?: string;
    'aria-activedescendant'?: string;
    onFocus: () => void;
    onBlur: () => void;
  };
  /** Handles the key when the list is open; true when it did. */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  popup: ReactNode;
  button: ReactNode;
  dialog: ReactNode;
  pending: boolean;
  error: string | null;
};

function PromptsIcon(): ReactNode {
  return (
    <svg
      className="icon"
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M14 4 9 20M4 7h3M4 12h2M4 17h3M17 7h3M18 12h2M17 17h3" />
    </svg>
  );
}

/** The prompt picker of conversation `conversationId`'s composer. */
export function usePromptPicker({
  conversationId,
  text,
  setText,
  box,
  disabled,
}: PromptPickerOptions): PromptPicker {
  const t = useT();
  const listId = useId();
  const servers = useOfferedServers();
  const entries = useMemo(() => promptEntries(servers), [servers]);
  const query = slashQuery(text);
  const [focused, setFocused] = useState(false);
  const [browse, setBrowse] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(0);
  const [dialogFor, setDialogFor] = useState<PromptEntry | null>(null);
  const fetching = useCommand();

  const open = focused && !disabled && (browse || (query !== null && !dismissed));
  const shown = useMemo(() => filterPrompts(entries, open ? (query ?? '') : ''), [entries, query, open]);
  const current = Math.min(active, shown.length - 1);

  useEffect(() => {
    if (query === null) setDismissed(false);
  }, [query]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query or a reopened list starts at the top
  useEffect(() => setActive(0), [query, open]);

  const close = () => {
    setBrowse(false);
    if (query !== null) setDismissed(true);
  };

  const insert = (item: ContextItem) => {
    actions.contextAdded(conversationId, item);
    box.current?.focus();
  };

  const choose = (entry: PromptEntry) => {
    if (query !== null) setText('');
    setBrowse(false);
    setDismissed(false);
    if ((entry.prompt.arguments ?? []).length > 0) {
      setDialogFor(entry);
      return;
    }
    void fetching
      .run((host) => fetchPrompt(host, entry, {}))
      .then((outcome) => {
        if (outcome.ok) insert(outcome.value);
      });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || isComposing(event)) return false;
    const count = shown.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + count) % count);
      return true;
    }
    if (event.key === 'Enter' && !event.shiftKey && count > 0) {
      event.preventDefault();
      const entry = shown[current];
      if (entry) choose(entry);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return true;
    }
    return false;
  };

  const toggle = () => {
    if (open) {
      close();
      return;
    }
    if (text === '') setText('/');
    else setBrowse(true);
    setDismissed(false);
    box.current?.focus();
  };

  const option = open && current >= 0 ? promptOptionId(listId, current) : undefined;
  return {
    textbox: {
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': option,
      onFocus: () => setFocused(true),
      onBlur: () => {
        setFocused(false);
        setBrowse(false);
      },
    },
    onKeyDown,
    popup: open ? (
      <div className="prompt-anchor">
        <PromptList
          listId={listId}
          entries={shown}
          total={entries.length}
          query={query ?? ''}
          active={current}
          onHover={setActive}
          onChoose={choose}
        />
      </div>
    ) : null,
    button: (
      <button
        type="button"
        className="prompts-button"
        aria-label={t('prompts.title')}
        title={t('prompts.button.hint')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={toggle}
      >
        <PromptsIcon />
        {t('prompts.title')}
      </button>
    ),
    dialog: dialogFor ? (
      <PromptDialog
        entry={dialogFor}
        onClose={() => {
          setDialogFor(null);
          box.current?.focus();
        }}
        onInserted={insert}
      />
    ) : null,
    pending: fetching.pending,
    error: fetching.error,
  };
}
