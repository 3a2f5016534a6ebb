// `@` in the message box lists servers and the running servers' resources: a server is added to the conversation or
// taken out of it; a resource is read and attached to the message.
import { type KeyboardEvent, type RefObject, useEffect, useId, useMemo, useState } from 'react';
import { isServerEnabled, setServerEnabled } from '../../../../../shared/toolSelection';
import { isComposing } from '../../../components/composing';
import { useCommand } from '../../../components/useCommand';
import { useT } from '../../../i18n';
import { actions, NO_TOOLS_OFF, useChatTools, useRunningServers } from '../../../store';
import { resourceItem } from '../../resources/contextItems';
import { useToolChoice } from '../ToolsDialog';
import { useModelServers } from '../useToolMode';
import {
  completeMention,
  dropMention,
  filterResources,
  filterServers,
  mentionAt,
  type ResourceEntry,
  resourceEntries,
  resourceLabel,
  type ServerEntry,
} from './mentionQuery';
import './mentions.css';

export type MentionOptions = {
  conversationId: string;
  text: string;
  setText: (text: string) => void;
  box: RefObject<HTMLTextAreaElement | null>;
};

type Option = { kind: 'server'; entry: ServerEntry } | { kind: 'resource'; entry: ResourceEntry };

function optionId(listId: string, index: number): string {
  return `${listId}-mention-${index}`;
}

/** The mention list of one composer: its popup, keyboard handling, the props its textbox needs, and what it last did. */
export function useMentions({ conversationId, text, setText, box }: MentionOptions) {
  const t = useT();
  const listId = useId();
  const servers = useRunningServers();
  const toolServers = useModelServers();
  const selection = useChatTools(conversationId) ?? NO_TOOLS_OFF;
  const tools = useToolChoice(conversationId);
  const entries = useMemo(() => resourceEntries(servers), [servers]);
  const serverEntries = useMemo(
    () =>
      toolServers
        .filter((server) => server.tools.length > 0)
        .map((server) => ({
          key: `server\u0000${server.name}`,
          server: server.name,
          inUse: isServerEnabled(selection, server.name),
        })),
    [toolServers, selection],
  );
  const [caret, setCaret] = useState(0);
  const [focused, setFocused] = useState(false);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  /** The server the person last added to the conversation or took out of it. */
  const [toggled, setToggled] = useState<{ server: string; added: boolean } | null>(null);
  const reading = useCommand();

  useEffect(() => {
    setCaret(box.current?.selectionStart ?? text.length);
  }, [text, box]);

  const mention = mentionAt(text, caret);
  const query = mention?.query ?? null;
  const open = focused && mention !== null && dismissedAt !== mention.start;
  const shown = useMemo<Option[]>(() => {
    if (!open || query === null) return [];
    return [
      ...filterServers(serverEntries, query).map((entry) => ({ kind: 'server' as const, entry })),
      ...filterResources(entries, query).map((entry) => ({ kind: 'resource' as const, entry })),
    ];
  }, [entries, serverEntries, open, query]);
  const current = Math.min(active, shown.length - 1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts at the top
  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    if (query === null) setDismissedAt(null);
  }, [query]);
  useEffect(() => {
    if (open) setToggled(null);
  }, [open]);
  useEffect(() => {
    if (open && current >= 0)
      document.getElementById(optionId(listId, current))?.scrollIntoView({ block: 'nearest' });
  }, [open, current, listId]);

  const moveCaret = (next: { text: string; caret: number }) => {
    setText(next.text);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(next.caret, next.caret);
      setCaret(next.caret);
    });
  };

  const toggleServer = (entry: ServerEntry) => {
    if (!mention) return;
    moveCaret(dropMention(text, mention));
    void tools.change(setServerEnabled(selection, entry.server, !entry.inUse));
    setToggled({ server: entry.server, added: !entry.inUse });
  };

  const attach = (entry: ResourceEntry) => {
    if (!mention) return;
    const label = resourceLabel(entry.resource);
    moveCaret(completeMention(text, mention, label));
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

  const choose = (option: Option) =>
    option.kind === 'server' ? toggleServer(option.entry) : attach(option.entry);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || !mention || isComposing(event)) return false;
    const count = shown.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      setActive((current + (event.key === 'ArrowDown' ? 1 : -1) + count) % count);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && count > 0) {
      event.preventDefault();
      const option = shown[current];
      if (option) choose(option);
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
  if (entries.length === 0 && serverEntries.length === 0) note = t('chat.mentions.empty');
  else if (shown.length === 0) note = t('chat.mentions.noMatch', { query: mention?.query ?? '' });
  const done = toggled
    ? toggled.added
      ? t('chat.mentions.added', { server: toggled.server })
      : t('chat.mentions.removed', { server: toggled.server })
    : null;

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
          <div className="prompt-list" role="listbox" id={listId} aria-label={t('chat.mentions.label')}>
            {shown.map((option, index) => {
              const id = optionId(listId, index);
              const server = option.kind === 'server';
              return (
                // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the message box (aria-activedescendant)
                // biome-ignore lint/a11y/useKeyWithClickEvents: the message box handles the keyboard
                <div
                  key={option.entry.key}
                  id={id}
                  role="option"
                  aria-selected={index === current}
                  // i18n-ignore: element ids
                  aria-labelledby={`${id}-name ${id}-server`}
                  className={index === current ? 'prompt-option active' : 'prompt-option'}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (index !== current) setActive(index);
                  }}
                  onClick={() => choose(option)}
                >
                  {/* i18n-ignore: an element id */}
                  <span className="prompt-option-title" id={`${id}-name`}>
                    {option.kind === 'server' ? option.entry.server : resourceLabel(option.entry.resource)}
                  </span>
                  {/* i18n-ignore: an element id */}
                  <span className="prompt-option-server" id={`${id}-server`}>
                    {option.kind === 'server'
                      ? option.entry.inUse
                        ? t('chat.mentions.takeOut')
                        : t('chat.mentions.add')
                      : option.entry.server}
                  </span>
                  {server ? null : (
                    <span className="prompt-option-description mention-uri">{option.entry.resource.uri}</span>
                  )}
                </div>
              );
            })}
          </div>
          <p className="prompt-popup-hint" aria-hidden="true">
            {t('chat.mentions.hint')}
          </p>
        </div>
      </div>
    ) : null,
    pending: reading.pending,
    error: reading.error ?? tools.error,
    /** What choosing a server did, until the person types on. */
    done,
    clearDone: () => setToggled(null),
  };
}
