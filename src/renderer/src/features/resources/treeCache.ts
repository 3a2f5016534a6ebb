// Each server's resource tree, grouped once per list and ahead of time while the page is idle, so opening
// Resources does not wait for thousands of resources to be grouped.
import { useEffect } from 'react';
import type { ServerView } from '../../../../shared/types';
import { useRunningServers } from '../../store';
import { offersResources, type ServerNode, serverNode } from './treeModel';

type Grouped = Pick<ServerView, 'name' | 'resourceTemplates'> & { node: ServerNode };

/** By resource list: a server view changes often (state, tools), its resource list only when the server says so. */
const grouped = new WeakMap<ServerView['resources'], Grouped>();

function cachedNode(view: ServerView): ServerNode | undefined {
  const hit = grouped.get(view.resources);
  return hit && hit.name === view.name && hit.resourceTemplates === view.resourceTemplates
    ? hit.node
    : undefined;
}

/** The tree of one server, grouped now unless its lists are the same as last time. */
export function serverTree(view: ServerView): ServerNode {
  const hit = cachedNode(view);
  if (hit) return hit;
  const node = serverNode(view);
  grouped.set(view.resources, { name: view.name, resourceTemplates: view.resourceTemplates, node });
  return node;
}

/** Groups the resources of running servers while the page is idle; renders nothing. */
export function ResourceTreeWarmer(): null {
  const servers = useRunningServers();
  useEffect(() => {
    const waiting = servers.filter((view) => offersResources(view) && !cachedNode(view));
    if (waiting.length === 0 || typeof requestIdleCallback !== 'function') return;
    const handle = requestIdleCallback(
      (deadline) => {
        for (const view of waiting) if (deadline.timeRemaining() > 0 || deadline.didTimeout) serverTree(view);
      },
      { timeout: 2000 },
    );
    return () => cancelIdleCallback(handle);
  }, [servers]);
  return null;
}
