// `@` in the message box lists the running servers' resources; choosing one reads it and attaches it to the message.
import { type KeyboardEvent, type RefObject, useEffect, useId, useMemo, useState } from 'react';
import { useCommand } from '../../../components/useCommand';
import { actions, useRunningServers } from '../../../store';
import { resourceItem } from '../../resources/contextItems';
import {
  completeMention,
  filterResources,
  mentionAt,
  type ResourceEntry,
  resourceEntries,
  resourceLabel,
} from './mentionQuery';
import './mentions.css';

export type MentionOptions = {
  conversationId: string;
  text: string;
  setText: (text: string) => void;
  box: RefObject<HTMLTextAreaElement | null>;
};

function optionId(listId: string, index: number): string {
  return `${listId}-mention-${index}`;
}

/** The mention list of one composer: its popup, keyboard handling and the props its textbox needs. */
export function useResourceMentions({ conversationId, text, setText, box }: MentionOptions) {
  const listId = useId();
  const servers = useRunningServers();
  const entries = useMemo(() => resourceEntries(servers), [servers]);
  const [caret, setCaret] = useState(0);
  const [focused, setFocused] = useState(false);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const reading = useCommand();

  useEffect(() => {
    setCaret(box.current?.selectionStart ?? text.length);
  }, [text, box]);

  const mention = mentionAt(text, caret);
  const query = mention?.query ?? null;
  const open = focused && mention !== null && dismissedAt !== mention.start;
  const shown = useMemo(
    () => (open && query !== null ? filterResources(entries, query) : []),
    [entries, open, query],
  );
  const current = Math.min(active, shown.length - 1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts at the top
  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    if (query === null) setDismissedAt(null);
  }, [query]);
  useEffect(() => {
    if (open && current >= 0)
      document.getElementById(optionId(listId, current))?.scrollIntoView({ block: 'nearest' });
  }, [open, current, listId]);

  const choose = (entry: ResourceEntry) => {
    if (!mention) return;
    const label = resourceLabel(entry.resource);
    const next = completeMention(text, mention, label);
    setText(next.text);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(next.caret, next.caret);
      setCaret(next.caret);
    });
    const { server, resource } = entry;
    void reading
      .run((host) => host.invoke('resources.read', { server, uri: resource.uri }))
      .then((outcome) => {
        if (outcome.ok) {
          actions.contextAdded(
            conversationId,
            resourceItem(server, resource.uri, label, outcome.value.contents),
          );
        }
      });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || !mention || event.nativeEvent.isComposing) return false;
    const count = shown.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      setActive((current + (event.key === 'ArrowDown' ? 1 : -1) + count) % count);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && count > 0) {
      event.preventDefault();
      const entry = shown[current];
      if (entry) choose(entry);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedAt(mention.start);
      return true;
    }
    return false;
  };

  const sync = () => setCaret(box.current?.selectionStart ?? text.length);
  let note: string | null = null;
  if (entries.length === 0) note = 'No running server lists resources.';
  else if (shown.length === 0) note = `No resource matches “${mention?.query ?? ''}”.`;

  return {
    open,
    onKeyDown,
    textbox: {
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open && current >= 0 ? optionId(listId, current) : undefined,
      onFocus: () => setFocused(true),
      onBlur: () => setFocused(false),
      onSelect: sync,
    },
    popup: open ? (
      <div className="prompt-anchor">
        <div className="prompt-popup mention-popup">
          {note ? (
            <p className="prompt-popup-note" role="status">
              {note}
            </p>
          ) : null}
          <div className="prompt-list" role="listbox" id={listId} aria-label="Resources">
            {shown.map((entry, index) => {
              const id = optionId(listId, index);
              return (
                // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the message box (aria-activedescendant)
                // biome-ignore lint/a11y/useKeyWithClickEvents: the message box handles the keyboard
                <div
                  key={entry.key}
                  id={id}
                  role="option"
                  aria-selected={index === current}
                  aria-labelledby={`${id}-name ${id}-server`}
                  className={index === current ? 'prompt-option active' : 'prompt-option'}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (index !== current) setActive(index);
                  }}
                  onClick={() => choose(entry)}
                >
                  <span className="prompt-option-title" id={`${id}-name`}>
                    {resourceLabel(entry.resource)}
                  </span>
                  <span className="prompt-option-server" id={`${id}-server`}>
                    {entry.server}
                  </span>
                  <span className="prompt-option-description mention-uri">{entry.resource.uri}</span>
                </div>
              );
            })}
          </div>
          <p className="prompt-popup-hint" aria-hidden="true">
            ↑ ↓ to move · Enter to attach · Esc to close
          </p>
        </div>
      </div>
    ) : null,
    pending: reading.pending,
    error: reading.error,
  };
}
