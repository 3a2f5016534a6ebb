// One registry entry in the results: its icon, names and description as text, links through the confirmed path, its options.
import { useEffect, useState } from 'react';
import type { InstallChoice, RegistryServerView } from '../../../../shared/registry';
import { useHost } from '../../api';
import { openLink } from '../../components/Markdown';

function EntryIcon({ server }: { server: RegistryServerView }) {
  const host = useHost();
  const [uri, setUri] = useState<string | null>(null);
  const src = server.icons[0]?.src;
  useEffect(() => {
    let live = true;
    if (src) {
      void host
        .invoke('registry.icon', { src })
        .then((found) => live && setUri(found?.startsWith('data:image/') ? found : null))
        .catch(() => {});
    }
    return () => {
      live = false;
    };
  }, [host, src]);
  return uri ? <img className="mcp-icon" src={uri} alt="" width={24} height={24} draggable={false} /> : null;
}

const KIND_NAMES: Record<string, string> = {
  npm: 'npm',
  pypi: 'PyPI',
  oci: 'Docker image',
  mcpb: 'Bundle',
  nuget: 'NuGet',
  'streamable-http': 'Remote (Streamable HTTP)',
  sse: 'Remote (HTTP+SSE)',
};

export function RegistryEntry({
  server,
  onInstall,
}: {
  server: RegistryServerView;
  onInstall: (choice: InstallChoice) => void;
}) {
  const title = server.title ?? server.name;
  return (
    <li className="registry-entry">
      <article aria-label={title}>
        <header className="registry-entry-header">
          <EntryIcon server={server} />
          <h3>{title}</h3>
          <span className="muted">{server.version}</span>
          {server.status !== 'active' ? <span className="badge warning">{server.status}</span> : null}
        </header>
        {server.title ? <p className="muted selectable">{server.name}</p> : null}
        <p className="selectable">{server.description}</p>
        <p className="registry-links">
          {server.repositoryUrl ? (
            <button type="button" className="small" onClick={() => void openLink(server.repositoryUrl ?? '')}>
              Repository
            </button>
          ) : null}
          {server.websiteUrl ? (
            <button type="button" className="small" onClick={() => void openLink(server.websiteUrl ?? '')}>
              Website
            </button>
          ) : null}
        </p>
        <ul className="registry-options" aria-label={`Ways to run ${title}`}>
          {server.options.map((option) => (
            <li key={`${option.kind}-${option.index}`}>
              <span>
                {KIND_NAMES[option.type] ?? option.type}:{' '}
                <code className="selectable">{option.identifier}</code>
                {option.version ? ` ${option.version}` : ''}
              </span>{' '}
              {option.unsupported ? (
                <span className="muted">{option.unsupported}</span>
              ) : (
                <button
                  type="button"
                  className="small"
                  aria-label={`Install ${title} (${KIND_NAMES[option.type] ?? option.type})`}
                  onClick={() => onInstall({ kind: option.kind, index: option.index })}
                >
                  Install
                </button>
              )}
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}
