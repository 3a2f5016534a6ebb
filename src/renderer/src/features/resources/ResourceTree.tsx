// The resource tree: an ARIA tree over flat, virtualised rows; the tree keeps focus and points at the active row.
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { isComposing } from '../../components/composing';
import { McpIcon } from '../../components/McpIcon';
import { useT } from '../../i18n';
import { resourceKind } from './mime';
import { type IconName, ResourceIcon } from './ResourceIcon';
import { type TreeNode, type TreeRow, treeKeyMove } from './treeModel';

const ROW_HEIGHT = 26;
const INDENT = 12;

export type ResourceTreeProps = {
  rows: readonly TreeRow[];
  selectedKey: string | null;
  onToggle: (key: string, expanded: boolean) => void;
  onActivate: (row: TreeRow) => void;
};

function iconOf(node: TreeNode): IconName {
  switch (node.kind) {
    case 'server':
      return 'server';
    case 'folder':
    case 'templates':
      return 'folder';
    case 'template':
      return 'template';
    case 'resource':
      return resourceKind(node.resource.mimeType, node.resource.uri);
  }
}

/** The server's own icon for a resource or template where it declared one, else ours by kind. */
function NodeIcon({ node, server }: { node: TreeNode; server: string }) {
  const icons =
    node.kind === 'resource'
      ? node.resource.icons
      : node.kind === 'template'
        ? node.template.icons
        : undefined;
  const ours = <ResourceIcon name={iconOf(node)} />;
  return icons && icons.length > 0 ? <McpIcon server={server} icons={icons} fallback={ours} /> : ours;
}

function hint(node: TreeNode): string | undefined {
  if (node.kind === 'resource') {
    const { uri, description } = node.resource;
    return description ? `${uri}\n${description}` : uri;
  }
  if (node.kind === 'template') return node.template.uriTemplate;
  if (node.kind === 'folder') return node.prefix;
  return undefined;
}

/** The words a row shows: the model keeps English labels for its own groups, shown here in the page's language. */
function labelOf(node: TreeNode, t: (id: string) => string): string {
  if (node.kind === 'templates') return t('resources.tree.templates');
  if (node.kind === 'folder' && node.prefix === '') return t('resources.tree.other');
  return node.label;
}

function count(node: TreeNode): number | null {
  if (node.kind === 'folder') return node.count;
  if (node.kind === 'templates') return node.children.length;
  return null;
}

/** A `tree` named "Resources": ↑ ↓ Home End move, → opens or enters, ← closes or leaves, Enter opens. */
export function ResourceTree({ rows, selectedKey, onToggle, onActivate }: ResourceTreeProps): ReactNode {
  const t = useT();
  const base = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const indexByKey = useMemo(() => new Map(rows.map((row, index) => [row.key, index])), [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 12,
  });

  const fallback = selectedKey !== null ? (indexByKey.get(selectedKey) ?? 0) : 0;
  const active = activeKey !== null ? (indexByKey.get(activeKey) ?? fallback) : fallback;
  const rowId = (index: number) => `${base}-row-${index}`;

  const focusRow = (index: number) => {
    const row = rows[index];
    if (!row) return;
    setActiveKey(row.key);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const activate = (index: number) => {
    const row = rows[index];
    if (!row) return;
    setActiveKey(row.key);
    if (row.expanded !== undefined) onToggle(row.key, !row.expanded);
    else onActivate(row);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isComposing(event)) return;
    const move = treeKeyMove(rows, active, event.key);
    if (!move) return;
    event.preventDefault();
    if (move.type === 'focus') focusRow(move.index);
    else if (move.type === 'expand') onToggle(move.key, true);
    else if (move.type === 'collapse') onToggle(move.key, false);
    else activate(move.index);
  };

  return (
    <div
      ref={scrollRef}
      className="resource-tree"
      role="tree"
      aria-label={t('resources.title')}
      tabIndex={0}
      aria-activedescendant={rows.length > 0 ? rowId(active) : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <div className="resource-tree-space" role="none" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const { node } = row;
          const total = count(node);
          const classes = ['tree-row', `tree-row-${node.kind}`];
          if (item.index === active && focused) classes.push('active');
          if (row.key === selectedKey) classes.push('selected');
          return (
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the tree (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the tree handles the keyboard
            <div
              key={item.key}
              id={rowId(item.index)}
              role="treeitem"
              aria-level={row.level}
              aria-setsize={row.setSize}
              aria-posinset={row.posInSet}
              aria-expanded={row.expanded}
              aria-selected={row.key === selectedKey}
              className={classes.join(' ')}
              title={hint(node)}
              style={{
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
                paddingLeft: 4 + (row.level - 1) * INDENT,
              }}
              onMouseDown={(event) => {
                event.preventDefault();
                scrollRef.current?.focus({ preventScroll: true });
              }}
              onClick={() => activate(item.index)}
            >
              <span className="tree-twisty" aria-hidden="true">
                {row.expanded === undefined ? '' : row.expanded ? '▾' : '▸'}
              </span>
              <NodeIcon node={node} server={row.key.slice(0, row.key.indexOf('\u0000'))} />
              <span className="tree-label">{labelOf(node, t)}</span>
              {total !== null ? (
                <span className="tree-count" aria-hidden="true">
                  {total}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
