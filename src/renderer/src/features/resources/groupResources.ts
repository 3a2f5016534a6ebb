// Groups resources into folders by URI hierarchy: scheme → authority → path segments, query kept on the leaf.
import type { ResourceView } from '../../../../shared/types';
import { sortByLabel } from './labelOrder';

export type ResourceLeaf = { kind: 'resource'; key: string; label: string; resource: ResourceView };
export type ResourceFolder = {
  kind: 'folder';
  key: string;
  label: string;
  /** The URI prefix this folder stands for, e.g. `db://main/table`. */
  prefix: string;
  /** Resources below this folder. */
  count: number;
  children: (ResourceFolder | ResourceLeaf)[];
};

/** A URI cut into the parts the tree shows. */
export type UriParts = {
  /** `file`, `db`…; '' for a URI without a scheme. */
  scheme: string;
  /** Present for `scheme://authority/…` URIs (possibly ''). */
  authority: string | null;
  /** Folder segments between the authority and the leaf. */
  folders: string[];
  /** The last segment with its query and fragment. */
  leaf: string;
};

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** Cuts `uri` into scheme, authority, folder segments and leaf name. */
export function splitUri(uri: string): UriParts {
  const match = SCHEME.exec(uri);
  const scheme = match?.[1] ?? '';
  let rest = match ? uri.slice(match[0].length) : uri;
  let authority: string | null = null;
  if (match && rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?#]/);
    authority = end < 0 ? rest.slice(2) : rest.slice(2, end + 2);
    rest = end < 0 ? '' : rest.slice(end + 2);
  }
  const cut = rest.search(/[?#]/);
  const path = cut < 0 ? rest : rest.slice(0, cut);
  const suffix = cut < 0 ? '' : rest.slice(cut);
  const segments = path.split('/');
  const trailingSlash = segments.length > 1 && segments.at(-1) === '';
  const named = segments.filter((segment) => segment !== '');
  const last = named.pop() ?? '';
  return { scheme, authority, folders: named, leaf: `${last}${trailingSlash ? '/' : ''}${suffix}` };
}

type Builder = {
  label: string;
  prefix: string;
  folders: Map<string, Builder>;
  leaves: ResourceLeaf[];
  count: number;
};

const byLabel = (item: { label: string }) => item.label;

function builder(label: string, prefix: string): Builder {
  return { label, prefix, folders: new Map(), leaves: [], count: 0 };
}

function childOf(parent: Builder, label: string, prefix: string): Builder {
  let child = parent.folders.get(label);
  if (!child) {
    child = builder(label, prefix);
    parent.folders.set(label, child);
  }
  return child;
}

/** Resources placed between two steps of the grouping: a few milliseconds of work. */
const RESOURCES_PER_STEP = 256;

function* finish(node: Builder, keyPrefix: string, root: boolean): Generator<void, ResourceFolder> {
  const folders: ResourceFolder[] = [];
  for (const child of sortByLabel([...node.folders.values()], byLabel)) {
    folders.push(yield* finish(child, keyPrefix, false));
  }
  yield;
  const leaves = sortByLabel(node.leaves, byLabel, (a, b) => (a.resource.uri < b.resource.uri ? -1 : 1));
  let folder: ResourceFolder = {
    kind: 'folder',
    key: `${keyPrefix}d:${node.prefix}`,
    label: node.label,
    prefix: node.prefix,
    count: node.count,
    children: [...folders, ...leaves],
  };
  // A chain of folders that each hold just one folder reads better as one row ("db://main/table").
  const only = folder.children.length === 1 ? folder.children[0] : undefined;
  if (only?.kind === 'folder') {
    folder = { ...only, label: root ? only.prefix : `${folder.label}/${only.label}` };
  }
  return folder;
}

/** The label a resource is listed by: its title, else its name, else the last part of its URI. */
export function resourceLabel(resource: Pick<ResourceView, 'title' | 'name'>, fallback = ''): string {
  return resource.title?.trim() || resource.name || fallback;
}

/**
 * One folder per URI scheme, holding authorities, path segments and the resources as leaves; folders
 * come first, everything sorted by label (numbers in order). Keys are `keyPrefix` plus the URI (leaves)
 * or the folder's URI prefix, so they stay the same when the list is refreshed. Duplicate URIs count once.
 */
export function groupResources(resources: readonly ResourceView[], keyPrefix = ''): ResourceFolder[] {
  return runSteps(groupResourcesInSteps(resources, keyPrefix));
}

/** Runs grouping steps to the end at once. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** `groupResources` in steps of a few milliseconds each, so the page can group a long list while it is idle. */
export function* groupResourcesInSteps(
  resources: readonly ResourceView[],
  keyPrefix = '',
): Generator<void, ResourceFolder[]> {
  const roots = new Map<string, Builder>();
  const seen = new Set<string>();
  for (const [index, resource] of resources.entries()) {
    if (index % RESOURCES_PER_STEP === RESOURCES_PER_STEP - 1) yield;
    if (seen.has(resource.uri)) continue;
    seen.add(resource.uri);
    const parts = splitUri(resource.uri);
    const hierarchical = parts.authority !== null;
    const rootPrefix = parts.scheme ? `${parts.scheme}:${hierarchical ? '//' : ''}` : '';
    let root = roots.get(parts.scheme);
    if (!root) {
      // The root of scheme-less URIs keeps an English label for sorting; ResourceTree shows it translated.
      root = builder(parts.scheme ? `${parts.scheme}:` : 'Other', rootPrefix);
      roots.set(parts.scheme, root);
    }
    let node = root;
    node.count += 1;
    if (parts.authority) {
      node = childOf(node, parts.authority, `${rootPrefix}${parts.authority}`);
      node.count += 1;
    }
    for (const segment of parts.folders) {
      const joint = node === root && !hierarchical ? '' : '/';
      node = childOf(node, segment, `${node.prefix}${joint}${segment}`);
      node.count += 1;
    }
    node.leaves.push({
      kind: 'resource',
      key: `${keyPrefix}r:${resource.uri}`,
      label: resourceLabel(resource, parts.leaf || resource.uri),
      resource,
    });
  }
  const folders: ResourceFolder[] = [];
  for (const root of sortByLabel([...roots.values()], byLabel))
    folders.push(yield* finish(root, keyPrefix, true));
  return folders;
}
