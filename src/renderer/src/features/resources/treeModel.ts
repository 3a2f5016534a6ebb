// The resource tree as data: one node per server, filtering, the flat list of visible rows and the keyboard model.
import type { ResourceTemplateView, ServerView } from '../../../../shared/types';
import { hasCapability } from '../prompts/catalog';
import { groupResourcesInSteps, type ResourceFolder, type ResourceLeaf, runSteps } from './groupResources';

export type TemplateLeaf = { kind: 'template'; key: string; label: string; template: ResourceTemplateView };
export type TemplatesNode = { kind: 'templates'; key: string; label: string; children: TemplateLeaf[] };
export type ServerNode = { kind: 'server'; key: string; label: string; server: string; children: TreeNode[] };
export type TreeNode = ServerNode | TemplatesNode | ResourceFolder | ResourceLeaf | TemplateLeaf;
export type BranchNode = ServerNode | TemplatesNode | ResourceFolder;

export function isBranch(node: TreeNode): node is BranchNode {
  return node.kind === 'server' || node.kind === 'templates' || node.kind === 'folder';
}

/** The key prefix of every node of one server. */
export function serverKey(server: string): string {
  return `${server}\u0000`;
}

/** A resource's node key, as `groupResources` makes it. */
export function resourceKey(server: string, uri: string): string {
  return `${serverKey(server)}r:${uri}`;
}

/** True when a running server can list resources or templates. */
export function offersResources(view: ServerView): boolean {
  return (
    view.state.kind === 'running' &&
    (hasCapability(view, 'resources') || view.resources.length > 0 || view.resourceTemplates.length > 0)
  );
}

/** The tree of one server: its templates (if any) first, then its resources grouped by URI. */
export function serverNode(view: ServerView): ServerNode {
  return runSteps(serverNodeInSteps(view));
}

/** `serverNode` in steps of a few milliseconds each (see `groupResourcesInSteps`). */
export function* serverNodeInSteps(view: ServerView): Generator<void, ServerNode> {
  const base = serverKey(view.name);
  const children: TreeNode[] = [];
  if (view.resourceTemplates.length > 0) {
    children.push({
      kind: 'templates',
      key: `${base}templates`,
      label: 'Templates', // shown translated by ResourceTree
      children: view.resourceTemplates.map((template) => ({
        kind: 'template',
        key: `${base}t:${template.uriTemplate}`,
        label: template.title?.trim() || template.name,
        template,
      })),
    });
  }
  children.push(...(yield* groupResourcesInSteps(view.resources, base)));
  return { kind: 'server', key: base, label: view.name, server: view.name, children };
}

function words(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

function matchesAll(needles: readonly string[], fields: readonly (string | undefined)[]): boolean {
  const hay = fields.filter(Boolean).join('\n').toLowerCase();
  return needles.every((needle) => hay.includes(needle));
}

function leafMatches(node: ResourceLeaf | TemplateLeaf, needles: readonly string[]): boolean {
  if (node.kind === 'resource') {
    const { name, title, uri } = node.resource;
    return matchesAll(needles, [name, title, uri]);
  }
  const { name, title, uriTemplate } = node.template;
  return matchesAll(needles, [name, title, uriTemplate]);
}

function prune<T extends TreeNode>(node: T, needles: readonly string[]): T | null {
  if (!isBranch(node)) return leafMatches(node as ResourceLeaf | TemplateLeaf, needles) ? node : null;
  const children: TreeNode[] = [];
  let count = 0;
  for (const child of node.children) {
    const kept = prune(child, needles);
    if (!kept) continue;
    children.push(kept);
    count += kept.kind === 'folder' ? kept.count : kept.kind === 'resource' ? 1 : 0;
  }
  if (children.length === 0) return null;
  return (node.kind === 'folder' ? { ...node, children, count } : { ...node, children }) as T;
}

/** The nodes whose resources or templates match every word of `query` by name, title or URI. */
export function filterTree(nodes: readonly ServerNode[], query: string): ServerNode[] {
  const needles = words(query);
  if (needles.length === 0) return [...nodes];
  return nodes.map((node) => prune(node, needles)).filter((node): node is ServerNode => node !== null);
}

/** One visible row of the tree. */
export type TreeRow = {
  key: string;
  node: TreeNode;
  server: string;
  level: number;
  setSize: number;
  posInSet: number;
  parent: number;
  /** For branches: whether their children are shown. */
  expanded?: boolean;
};

/** The rows a person can see: every node whose ancestors are all expanded. */
export function flattenTree(
  nodes: readonly ServerNode[],
  isExpanded: (node: BranchNode) => boolean,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (list: readonly TreeNode[], level: number, parent: number, server: string) => {
    list.forEach((node, index) => {
      const owner = node.kind === 'server' ? node.server : server;
      const row: TreeRow = {
        key: node.key,
        node,
        server: owner,
        level,
        setSize: list.length,
        posInSet: index + 1,
        parent,
      };
      rows.push(row);
      if (!isBranch(node)) return;
      row.expanded = isExpanded(node);
      if (row.expanded) walk(node.children, level + 1, rows.length - 1, owner);
    });
  };
  walk(nodes, 1, -1, '');
  return rows;
}

/** What a key press in the tree does. */
export type TreeMove =
  | { type: 'focus'; index: number }
  | { type: 'expand'; key: string }
  | { type: 'collapse'; key: string }
  | { type: 'activate'; index: number };

/** The WAI-ARIA tree keyboard model over flat rows: ↑ ↓ Home End move, → opens or enters, ← closes or leaves, Enter activates. */
export function treeKeyMove(rows: readonly TreeRow[], index: number, key: string): TreeMove | null {
  const row = rows[index];
  if (!row)
    return rows.length > 0 && ['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key)
      ? { type: 'focus', index: 0 }
      : null;
  switch (key) {
    case 'ArrowDown':
      return { type: 'focus', index: Math.min(rows.length - 1, index + 1) };
    case 'ArrowUp':
      return { type: 'focus', index: Math.max(0, index - 1) };
    case 'Home':
      return { type: 'focus', index: 0 };
    case 'End':
      return { type: 'focus', index: rows.length - 1 };
    case 'ArrowRight':
      if (row.expanded === false) return { type: 'expand', key: row.key };
      if (row.expanded === true && rows[index + 1]?.parent === index)
        return { type: 'focus', index: index + 1 };
      return null;
    case 'ArrowLeft':
      if (row.expanded === true) return { type: 'collapse', key: row.key };
      return row.parent >= 0 ? { type: 'focus', index: row.parent } : null;
    case 'Enter':
    case ' ':
      return { type: 'activate', index };
    default:
      return null;
  }
}
