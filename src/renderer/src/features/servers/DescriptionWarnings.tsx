// Overview: the server's tools whose descriptions deserve a second look (changed since allowed, instructions to the model, hidden characters, very long).
import { type ReactNode, useEffect, useState } from 'react';
import type { FlowToolView } from '../../../../shared/flow';
import type { ServerView } from '../../../../shared/types';
import { useHost } from '../../api';
import { Message, useT } from '../../i18n';
import { flagName } from '../consent/flowWords';

/** Nothing when no description is flagged. */
export function DescriptionWarnings({ view }: { view: ServerView }): ReactNode {
  const t = useT();
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
    <section aria-label={t('servers.descriptions.title')}>
      <h2>{t('servers.descriptions.title')}</h2>
      <p className="muted">{t('servers.descriptions.intro')}</p>
      <ul className="plain-list">
        {flagged.map((tool) => (
          <li key={tool.name}>
            <Message
              id="servers.descriptions.flags"
              values={{
                name: tool.name,
                flags: tool.flags.map((flag) => flagName(flag, t)).join(t('servers.descriptions.separator')),
                code: (chunks: ReactNode) => <code>{chunks}</code>,
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
