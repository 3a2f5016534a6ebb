// One registry entry in the results: its icon, names and description as text, links through the confirmed path, its options.
import { useEffect, useState } from 'react';
import type { InstallChoice, RegistryServerView } from '../../../../shared/registry';
import { useHost } from '../../api';
import { hostWords } from '../../components/format';
import { openLink } from '../../components/Markdown';
import { useT } from '../../i18n';

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

/** Names of the ways to run an entry: product names as they are, the others through the catalogue. */
const KIND_NAMES: Record<string, string> = { npm: 'npm', pypi: 'PyPI', nuget: 'NuGet' };
const KIND_MESSAGES: Record<string, string> = {
  oci: 'registry.kind.oci',
  mcpb: 'registry.kind.mcpb',
  'streamable-http': 'registry.kind.streamableHttp',
  sse: 'registry.kind.sse',
};

function kindName(type: string, t: ReturnType<typeof useT>): string {
  const message = KIND_MESSAGES[type];
  return message ? t(message) : (KIND_NAMES[type] ?? type);
}

export function RegistryEntry({
  server,
  onInstall,
}: {
  server: RegistryServerView;
  onInstall: (choice: InstallChoice) => void;
}) {
  const t = useT();
  const title = server.title ?? server.name;
  return (
    <li className="registry-entry">
      <article aria-label={title}>
        <header className="registry-entry-header">
          <EntryIcon server={server} />
          <h3>{title}</h3>
          <span className="muted">{server.version}</span>
          {server.status !== 'active' ? (
            <span className="badge warning">{t('registry.entry.status', { status: server.status })}</span>
          ) : null}
        </header>
        {server.title ? <p className="muted selectable">{server.name}</p> : null}
        <p className="selectable">{server.description}</p>
        <p className="registry-links">
          {server.repositoryUrl ? (
            <button type="button" className="small" onClick={() => void openLink(server.repositoryUrl ?? '')}>
              {t('registry.entry.repository')}
            </button>
          ) : null}
          {server.websiteUrl ? (
            <button type="button" className="small" onClick={() => void openLink(server.websiteUrl ?? '')}>
              {t('registry.entry.website')}
            </button>
          ) : null}
        </p>
        <ul className="registry-options" aria-label={t('registry.entry.waysLabel', { title })}>
          {server.options.map((option) => (
            <li key={`${option.kind}-${option.index}`}>
              <span>
                {t('registry.entry.kind', { kind: kindName(option.type, t) })}{' '}
                <code className="selectable">{option.identifier}</code>
                {option.version ? ` ${option.version}` : ''}
              </span>{' '}
              {option.unsupported ? (
                <span className="muted">{hostWords(option.unsupported, option.unsupportedText)}</span>
              ) : (
                <button
                  type="button"
                  className="small"
                  aria-label={t('registry.entry.installLabel', { title, kind: kindName(option.type, t) })}
                  onClick={() => onInstall({ kind: option.kind, index: option.index })}
                >
                  {t('registry.entry.install')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}
