// Overview: the server's tools whose descriptions deserve a second look (changed since allowed, instructions to the model, hidden characters, very long).
import { type ReactNode, useEffect, useState } from 'react';
import { FLAG_NAMES, type FlowToolView } from '../../../../shared/flow';
import type { ServerView } from '../../../../shared/types';
import { useHost } from '../../api';

/** Nothing when no description is flagged. */
export function DescriptionWarnings({ view }: { view: ServerView }): ReactNode {
  const host = useHost();
  const [flagged, setFlagged] = useState<FlowToolView[]>([]);
  const toolsKey = view.tools.map((tool) => `${tool.name}\u0000${tool.description ?? ''}`).join('\u0001');
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the tools change
  useEffect(() => {
    let live = true;
    host
      .invoke('flow.view', {})
      .then((flow) => {
        const tools = flow.servers.find((server) => server.server === view.name)?.tools ?? [];
        if (live) setFlagged(tools.filter((tool) => tool.flags.length > 0));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [host, view.name, toolsKey]);
  if (flagged.length === 0) return null;
  return (
    <section aria-label="Tool descriptions to check">
      <h2>Tool descriptions to check</h2>
      <p className="muted">
        A tool’s description is written by the server and read by the model. These say something a model could
        take as an order, hide characters, run very long, or changed since you allowed the tool.
      </p>
      <ul className="plain-list">
        {flagged.map((tool) => (
          <li key={tool.name}>
            <code>{tool.name}</code>: {tool.flags.map((flag) => FLAG_NAMES[flag]).join('; ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
