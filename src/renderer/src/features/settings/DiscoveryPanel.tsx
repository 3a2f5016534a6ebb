// Looks for MCP servers at the address typed in the server form and offers what the site's catalogue lists, as advice.
import { type ReactNode, useState } from 'react';
import type { DiscoveredRemote, DiscoveredServer, Discovery } from '../../../../shared/discovery';
import { isSocketAddress } from '../../../../shared/socketAddress';
import { useCommand } from '../../components/useCommand';

/** Props of `DiscoveryPanel`: `onUse` fills the form with one endpoint of one server. */
export type DiscoveryPanelProps = {
  address: string;
  onUse: (server: DiscoveredServer, remote: DiscoveredRemote) => void;
};

/** A **Look for servers** button and what it found; every word of it comes from the site and is shown as text. */
export function DiscoveryPanel({ address, onUse }: DiscoveryPanelProps): ReactNode {
  const { run, pending, error } = useCommand();
  const [found, setFound] = useState<Discovery | null>(null);
  const typed = address.trim();
  const look = async () => {
    setFound(null);
    const outcome = await run((host) => host.invoke('registry.discover', { address: typed }));
    if (outcome.ok) setFound(outcome.value);
  };
  return (
    <section className="discovery" aria-label="Servers at this address">
      <button
        type="button"
        disabled={!typed || isSocketAddress(typed) || pending}
        onClick={() => void look()}
      >
        {pending ? 'Looking…' : 'Look for servers'}
      </button>{' '}
      <span className="muted">at a domain or address, from its MCP catalogue or server card</span>
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
  return (
    <div role="status">
      {found.servers.length > 0 ? (
        <p className="muted hint">
          What {found.origin} says about its servers. This is advice from the site, not checked: look at the
          address before you save, and the server runs only as you approve it.
        </p>
      ) : (
        <p className="muted hint">
          No servers found at {found.origin}. You can still type the server’s address.
        </p>
      )}
      <ul className="discovered" aria-label="Servers found">
        {found.servers.map((server) => (
          <li key={server.cardUrl}>
            <strong>{server.displayName}</strong>
            {server.version ? <span className="muted"> {server.version}</span> : null}
            {server.description ? <p>{server.description}</p> : null}
            {server.remotes.map((remote) => (
              <div key={remote.url} className="discovered-remote">
                <code>{remote.url}</code>{' '}
                <span className="muted">
                  ({remote.transport === 'http' ? 'Streamable HTTP' : 'HTTP+SSE'})
                </span>
                {remote.elsewhere ? (
                  <span className="warning"> On another site: {remote.elsewhere}</span>
                ) : null}{' '}
                <button
                  type="button"
                  aria-label={`Use ${server.displayName} at ${remote.url}`}
                  onClick={() => onUse(server, remote)}
                >
                  Use this
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
        <ul className="problems" aria-label="Not read">
          {found.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
