// The Tools tab of a server: its tools with the hints the server claims, a filter, and a Run dialog per tool.
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ServerView, ToolView } from '../../../../shared/types';
import { lazyView } from '../../components/lazyView';
import { McpIcon } from '../../components/McpIcon';
import { PartBoundary } from '../../components/PartBoundary';
import { useT } from '../../i18n';
import { filterTools, toolAppNotes, toolClaims, toolDisplayName } from './toolList';
import './tools.css';

function ClaimBadges({ tool }: { tool: ToolView }): ReactNode {
  const t = useT();
  const claims = toolClaims(tool);
  if (claims.length === 0) return null;
  return (
    <ul className="tool-claims" aria-label={t('tools.list.claimsLabel')}>
      {claims.map((claim) => (
        <li
          key={claim.key}
          // i18n-ignore: CSS classes
          className={`tool-claim tool-claim-${claim.tone}`}
          title={t('tools.list.claimTitle', { meaning: claim.meaning })}
        >
          {claim.label}
        </li>
      ))}
    </ul>
  );
}

function AppNotes({ tool }: { tool: ToolView }): ReactNode {
  const t = useT();
  const notes = toolAppNotes(tool);
  if (notes.length === 0) return null;
  return (
    <ul className="tool-claims" aria-label={t('tools.list.appViewLabel')}>
      {notes.map((note) => (
        <li key={note} className="tool-claim tool-claim-neutral">
          {note}
        </li>
      ))}
    </ul>
  );
}

type RowPlace = { index: number; top: number; measure: (node: HTMLElement | null) => void };

function ToolRow({
  server,
  tool,
  canRun,
  onRun,
  place,
}: {
  server: string;
  tool: ToolView;
  canRun: boolean;
  onRun: () => void;
  place: RowPlace;
}): ReactNode {
  const t = useT();
  const shown = toolDisplayName(tool);
  return (
    <li
      className="tool-row"
      data-index={place.index}
      ref={place.measure}
      style={{ transform: `translateY(${place.top}px)` }}
    >
      <div className="tool-row-main">
        <h3 className="tool-title">
          <McpIcon server={server} icons={tool.icons} />
          {shown}
          {shown !== tool.name && <code className="tool-name">{tool.name}</code>}
        </h3>
        <ClaimBadges tool={tool} />
        <AppNotes tool={tool} />
        {tool.description && <p className="tool-description">{tool.description}</p>}
      </div>
      <button
        type="button"
        className="tool-run"
        aria-label={t('tools.list.runLabel', { tool: tool.name })}
        title={canRun ? undefined : t('tools.list.startToRun')}
        disabled={!canRun}
        onClick={onRun}
      >
        {t('tools.list.run')}
      </button>
    </li>
  );
}

// The Run dialog and its schema form (with zod) load when a tool is first opened, not at start.
const RunToolDialog = lazyView(() => import('./RunToolDialog').then((module) => module.RunToolDialog));

/** Lists a server's tools; each opens a dialog that runs it by hand (no consent needed). */
export function ToolsTab({ server }: { server: ServerView }): ReactNode {
  const t = useT();
  const [query, setQuery] = useState('');
  // The tool as it was opened: a run in progress keeps its dialog even when the server stops and its list empties.
  const [open, setOpen] = useState<ToolView | null>(null);
  const tools = server.tools;
  const shown = useMemo(() => filterTools(tools, query), [tools, query]);
  const canRun = server.state.kind === 'running';
  const openTool = open && (tools.find((tool) => tool.name === open.name) ?? open);
  const dialog = openTool && (
    <PartBoundary key={openTool.name}>
      <RunToolDialog server={server.name} tool={openTool} canRun={canRun} onClose={() => setOpen(null)} />
    </PartBoundary>
  );

  return (
    <div className="tools-tab">
      {tools.length === 0 ? (
        <p className="tools-empty">{canRun ? t('tools.list.noTools') : t('tools.list.noToolsStopped')}</p>
      ) : (
        <ToolListView
          tools={tools}
          shown={shown}
          query={query}
          onQuery={setQuery}
          canRun={canRun}
          serverName={server.name}
          cachedAt={server.cachedAt}
          onRun={setOpen}
        />
      )}
      {dialog}
    </div>
  );
}

type ToolListViewProps = {
  tools: ToolView[];
  shown: ToolView[];
  query: string;
  onQuery: (query: string) => void;
  canRun: boolean;
  serverName: string;
  /** Set while the list comes from the catalogue cache. */
  cachedAt?: number;
  onRun: (tool: ToolView) => void;
};

function ToolListView({
  tools,
  shown,
  query,
  onQuery,
  canRun,
  serverName,
  cachedAt,
  onRun,
}: ToolListViewProps): ReactNode {
  const t = useT();
  const filterId = useId();
  return (
    <>
      <div className="tools-filter">
        <label htmlFor={filterId}>{t('tools.list.filter')}</label>
        <input
          id={filterId}
          type="search"
          value={query}
          placeholder={t('tools.list.filterPlaceholder')}
          onChange={(event) => onQuery(event.target.value)}
        />
        <span className="tools-count" aria-live="polite">
          {shown.length === tools.length
            ? t('tools.list.count', { count: tools.length })
            : t('tools.list.countShown', { shown: shown.length, count: tools.length })}
        </span>
      </div>
      {cachedAt !== undefined ? <p className="tools-note">{t('tools.list.fromCache')}</p> : null}
      {!canRun && <p className="tools-note">{t('tools.list.notRunning')}</p>}
      {shown.length === 0 ? (
        <p className="tools-empty">{t('tools.list.noMatch', { query })}</p>
      ) : (
        <VirtualToolList tools={shown} serverName={serverName} canRun={canRun} onRun={onRun} />
      )}
    </>
  );
}

/** The nearest ancestor that scrolls (the tab panel), so the list scrolls with the filter above it. */
function scrollParent(node: HTMLElement): HTMLElement | null {
  for (let at = node.parentElement; at; at = at.parentElement) {
    const { overflowY } = getComputedStyle(at);
    if (overflowY === 'auto' || overflowY === 'scroll') return at;
  }
  return document.scrollingElement instanceof HTMLElement ? document.scrollingElement : null;
}

/** Only the rows in view (and a few around them) are in the page, however many tools there are. */
function VirtualToolList({
  tools,
  serverName,
  canRun,
  onRun,
}: {
  tools: ToolView[];
  serverName: string;
  canRun: boolean;
  onRun: (tool: ToolView) => void;
}): ReactNode {
  const t = useT();
  const listRef = useRef<HTMLUListElement>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    const parent = list ? scrollParent(list) : null;
    setScroller(parent);
    if (list && parent)
      setOffset(list.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop);
  });
  const virtualizer = useVirtualizer({
    count: tools.length,
    getScrollElement: () => scroller,
    estimateSize: () => 76,
    getItemKey: (index) => tools[index]?.name ?? index,
    overscan: 12,
    gap: 8,
    scrollMargin: offset,
  });
  return (
    <ul
      ref={listRef}
      className="tool-list"
      aria-label={t('tools.list.listLabel', { server: serverName })}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const tool = tools[item.index];
        if (!tool) return null;
        return (
          <ToolRow
            key={item.key}
            server={serverName}
            tool={tool}
            canRun={canRun}
            onRun={() => onRun(tool)}
            place={{ index: item.index, top: item.start - offset, measure: virtualizer.measureElement }}
          />
        );
      })}
    </ul>
  );
}

export default ToolsTab;
