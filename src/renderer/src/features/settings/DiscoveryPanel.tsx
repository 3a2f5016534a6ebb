// Looks for MCP servers at the address typed in the server form and offers what the site's catalogue lists, as advice.
import { type ReactNode, useState } from 'react';
import type { DiscoveredRemote, DiscoveredServer, Discovery } from '../../../../shared/discovery';
import { isSocketAddress } from '../../../../shared/socketAddress';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';

/** Props of `DiscoveryPanel`: `onUse` fills the form with one endpoint of one server. */
export type DiscoveryPanelProps = {
  address: string;
  onUse: (server: DiscoveredServer, remote: DiscoveredRemote) => void;
};

/** A **Look for servers** button and what it found; every word of it comes from the site and is shown as text. */
export function DiscoveryPanel({ address, onUse }: DiscoveryPanelProps): ReactNode {
  const t = useT();
  const { run, pending, error } = useCommand();
  const [found, setFound] = useState<Discovery | null>(null);
  const typed = address.trim();
  const look = async () => {
    setFound(null);
    const outcome = await run((host) => host.invoke('registry.discover', { address: typed }));
    if (outcome.ok) setFound(outcome.value);
  };
  return (
    <section className="discovery" aria-label={t('serverEditor.discovery.label')}>
      <button
        type="button"
        disabled={!typed || isSocketAddress(typed) || pending}
        onClick={() => void look()}
      >
        {pending ? t('serverEditor.discovery.looking') : t('serverEditor.discovery.look')}
      </button>{' '}
      <span className="muted">{t('serverEditor.discovery.where')}</span>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
      {found ? <Found found={found} onUse={onUse} /> : null}
    </section>
  );
}

function Found({ found, onUse }: { found: Discovery; onUse: DiscoveryPanelProps['onUse'] }): ReactNode {
  const t = useT();
  return (
    <div role="status">
      {found.servers.length > 0 ? (
        <p className="muted hint">{t('serverEditor.discovery.advice', { origin: found.origin })}</p>
      ) : (
        <p className="muted hint">{t('serverEditor.discovery.none', { origin: found.origin })}</p>
      )}
      <ul className="discovered" aria-label={t('serverEditor.discovery.found')}>
        {found.servers.map((server) => (
          <li key={server.cardUrl}>
            <strong>{server.displayName}</strong>
            {server.version ? <span className="muted"> {server.version}</span> : null}
            {server.description ? <p>{server.description}</p> : null}
            {server.remotes.map((remote) => (
              <div key={remote.url} className="discovered-remote">
                <code>{remote.url}</code>{' '}
                <span className="muted">
                  ({remote.transport === 'http' ? t('serverEditor.form.transportHttp') : 'HTTP+SSE'})
                </span>
                {remote.elsewhere ? (
                  <span className="warning">
                    {' '}
                    {t('serverEditor.discovery.elsewhere', { site: remote.elsewhere })}
                  </span>
                ) : null}{' '}
                <button
                  type="button"
                  aria-label={t('serverEditor.discovery.useLabel', {
                    name: server.displayName,
                    url: remote.url,
                  })}
                  onClick={() => onUse(server, remote)}
                >
                  {t('serverEditor.discovery.use')}
                </button>
              </div>
            ))}
            {server.notes.map((note) => (
              <p key={note} className="muted">
                {note}
              </p>
            ))}
          </li>
        ))}
      </ul>
      {found.problems.length > 0 ? (
        <ul className="problems" aria-label={t('serverEditor.discovery.notRead')}>
          {found.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
