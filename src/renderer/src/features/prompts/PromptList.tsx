// The Prompts listbox over the composer: title, description and server of each prompt; the textbox keeps focus.
import { type ReactNode, useEffect } from 'react';
import { McpIcon } from '../../components/McpIcon';
import { useT } from '../../i18n';
import { type PromptEntry, promptLabel } from './catalog';

/** The DOM id of option `index` of the list `listId`. */
export function promptOptionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}

export type PromptListProps = {
  listId: string;
  entries: readonly PromptEntry[];
  /** How many prompts there are before filtering. */
  total: number;
  query: string;
  active: number;
  onHover: (index: number) => void;
  onChoose: (entry: PromptEntry) => void;
};

/** A `listbox` named "Prompts"; options are chosen by click (mouse down never takes focus from the textbox). */
export function PromptList({
  listId,
  entries,
  total,
  query,
  active,
  onHover,
  onChoose,
}: PromptListProps): ReactNode {
  const t = useT();
  useEffect(() => {
    document.getElementById(promptOptionId(listId, active))?.scrollIntoView({ block: 'nearest' });
  }, [listId, active]);

  let note: string | null = null;
  if (total === 0) note = t('prompts.list.none');
  else if (entries.length === 0) note = t('prompts.list.noMatch', { query });

  return (
    <div className="prompt-popup">
      {note ? (
        <p className="prompt-popup-note" role="status">
          {note}
        </p>
      ) : null}
      <div className="prompt-list" role="listbox" id={listId} aria-label={t('prompts.title')}>
        {entries.map((entry, index) => {
          const id = promptOptionId(listId, index);
          const [titleId, serverId, descriptionId] = [`${id}-title`, `${id}-server`, `${id}-description`];
          return (
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the message box (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the message box handles the keyboard
            <div
              key={entry.key}
              id={id}
              role="option"
              aria-selected={index === active}
              aria-labelledby={`${titleId} ${serverId}`}
              aria-describedby={entry.prompt.description ? descriptionId : undefined}
              className={index === active ? 'prompt-option active' : 'prompt-option'}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => {
                if (index !== active) onHover(index);
              }}
              onClick={() => onChoose(entry)}
            >
              <span className="prompt-option-title" id={titleId}>
                <McpIcon server={entry.server} icons={entry.prompt.icons} />
                {promptLabel(entry.prompt)}
              </span>
              <span className="prompt-option-server" id={serverId}>
                {entry.server}
              </span>
              {entry.prompt.description ? (
                <span className="prompt-option-description" id={descriptionId}>
                  {entry.prompt.description}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      <p className="prompt-popup-hint" aria-hidden="true">
        {t('prompts.list.hint')}
      </p>
    </div>
  );
}
