// Each server's resource tree, grouped once per list and ahead of time, a few milliseconds at a time while the
// page is idle, so opening Resources does not wait for thousands of resources to be grouped.
import { useEffect } from 'react';
import type { ServerView } from '../../../../shared/types';
import { useRunningServers } from '../../store';
import { offersResources, type ServerNode, serverNodeInSteps } from './treeModel';

/** A server's tree for one resource list: grouped, or being grouped. */
type Grouping = Pick<ServerView, 'name' | 'resourceTemplates'> & {
  node?: ServerNode;
  steps?: Generator<void, ServerNode>;
};

/** By resource list: a server view changes often (state, tools), its resource list only when the server says so. */
const groupings = new WeakMap<ServerView['resources'], Grouping>();
/** How long one slice of grouping may run when the page was not idle within the warmer's timeout. */
const SLICE_MS = 8;

function groupingOf(view: ServerView): Grouping {
  const known = groupings.get(view.resources);
  if (known && known.name === view.name && known.resourceTemplates === view.resourceTemplates) return known;
  const fresh: Grouping = { name: view.name, resourceTemplates: view.resourceTemplates };
  groupings.set(view.resources, fresh);
  return fresh;
}

/** Groups more of `view`'s tree while `more()` allows; the tree once it is whole. */
function advance(view: ServerView, more: () => boolean): ServerNode | undefined {
  const grouping = groupingOf(view);
  if (grouping.node) return grouping.node;
  grouping.steps ??= serverNodeInSteps(view);
  do {
    const next = grouping.steps.next();
    if (next.done) {
      grouping.node = next.value;
      grouping.steps = undefined;
      return next.value;
    }
  } while (more());
  return undefined;
}

/** The tree of one server, grouped now (going on from an idle start) unless its lists are the same as last time. */
export function serverTree(view: ServerView): ServerNode {
  return advance(view, () => true) as ServerNode;
}

/** Groups the resources of running servers in slices while the page is idle; renders nothing. */
export function ResourceTreeWarmer(): null {
  const servers = useRunningServers();
  useEffect(() => {
    const waiting = servers.filter((view) => offersResources(view) && !groupingOf(view).node);
    if (waiting.length === 0 || typeof requestIdleCallback !== 'function') return;
    let handle = 0;
    const work = (deadline: IdleDeadline) => {
      const until = performance.now() + (deadline.didTimeout ? SLICE_MS : deadline.timeRemaining());
      const more = () => performance.now() < until;
      while (waiting.length > 0 && more()) {
        if (advance(waiting[0] as ServerView, more)) waiting.shift();
      }
      if (waiting.length > 0) handle = requestIdleCallback(work, { timeout: 2000 });
    };
    handle = requestIdleCallback(work, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [servers]);
  return null;
}
