// One server's part of the Tools dialog: its switch, and a switch and a pin for each of its tools (in view only past 60).
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { ToolSelection } from '../../../../shared/chat';
import {
  enabledToolCount,
  isPinned,
  isServerEnabled,
  isToolChecked,
  matchesTool,
  setPinned,
  setServerEnabled,
  setToolEnabled,
} from '../../../../shared/toolSelection';
import type { ServerView, ToolView } from '../../../../shared/types';
import { VirtualList } from '../../components/VirtualList';
import { useT } from '../../i18n';
import { PinIcon } from './icons';

/** Past this many tools a server's list keeps only the rows in view in the page. */
const VIRTUAL_FROM = 60;
const ROW_HEIGHT = 42;
const LIST_HEIGHT = 336;

type ToolRowProps = {
  tool: ToolView;
  checked: boolean;
  disabled: boolean;
  pinned: boolean;
  onChange: (checked: boolean) => void;
  onPin: (pinned: boolean) => void;
};

function ToolRow({ tool, checked, disabled, pinned, onChange, onPin }: ToolRowProps): ReactNode {
  const t = useT();
  return (
    <div className={pinned ? 'tools-row pinned' : 'tools-row'}>
      <label className="tools-tool" title={tool.description}>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="tools-tool-name">{tool.name}</span>
        {tool.description ? <span className="tools-tool-desc">{tool.description}</span> : null}
      </label>
      <button
        type="button"
        className="icon-button tools-pin"
        aria-label={t('chatTools.list.pin', { tool: tool.name })}
        aria-pressed={pinned}
        title={pinned ? t('chatTools.list.pinned') : t('chatTools.list.pinHint')}
        disabled={disabled || (!checked && !pinned)}
        onClick={() => onPin(!pinned)}
      >
        <PinIcon />
      </button>
    </div>
  );
}

function ServerCheckbox({
  checked,
  mixed,
  label,
  onChange,
}: {
  checked: boolean;
  mixed: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}): ReactNode {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="tools-server-label">
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

/** A server's fieldset of tool switches; nothing when `query` matches none of its tools. */
export function ServerToolList({
  server,
  selection,
  query,
  onChange,
}: {
  server: ServerView;
  selection: ToolSelection;
  query: string;
  onChange: (next: ToolSelection) => void;
}): ReactNode {
  const t = useT();
  const on = isServerEnabled(selection, server.name);
  const enabled = enabledToolCount(selection, server);
  const tools = useMemo(() => server.tools.filter((tool) => matchesTool(tool, query)), [server.tools, query]);
  if (query && tools.length === 0) return null;
  const rowFor = (tool: ToolView) => (
    <ToolRow
      tool={tool}
      checked={on && isToolChecked(selection, server.name, tool.name)}
      disabled={!on}
      pinned={isPinned(selection, server.name, tool.name)}
      onChange={(checked) => onChange(setToolEnabled(selection, server.name, tool.name, checked))}
      onPin={(pinned) => onChange(setPinned(selection, server.name, tool.name, pinned))}
    />
  );
  return (
    <fieldset className="tools-server">
      <legend>
        <ServerCheckbox
          label={server.name}
          checked={on}
          mixed={on && enabled > 0 && enabled < server.tools.length}
          onChange={(checked) => onChange(setServerEnabled(selection, server.name, checked))}
        />
        <span className="tools-server-count">
          {t('chatTools.list.count', { enabled, total: server.tools.length })}
        </span>
      </legend>
      {server.tools.length === 0 ? <p className="muted tools-none">{t('chatTools.list.none')}</p> : null}
      {tools.length > VIRTUAL_FROM ? (
        <div
          className="tools-list-virtual"
          style={{ height: Math.min(tools.length * ROW_HEIGHT, LIST_HEIGHT) }}
        >
          <VirtualList
            count={tools.length}
            rowHeight={ROW_HEIGHT}
            ariaLabel={t('chatTools.list.label', { server: server.name })}
            rowKey={(index) => tools[index]?.name ?? index}
            renderRow={(index) => {
              const tool = tools[index];
              return tool ? rowFor(tool) : null;
            }}
          />
        </div>
      ) : (
        <ul className="tools-list" aria-label={t('chatTools.list.label', { server: server.name })}>
          {tools.map((tool) => (
            <li key={tool.name}>{rowFor(tool)}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
