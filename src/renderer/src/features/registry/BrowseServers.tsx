// Browse servers: search the MCP registry, page through results, and install one option of an entry.
import { useCallback, useEffect, useId, useState } from 'react';
import type { InstallChoice, RegistryServerView } from '../../../../shared/registry';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { actions } from '../../store';
import { InstallForm } from './InstallForm';
import { RegistryEntry } from './RegistryEntry';
import './registry.css';

export function BrowseServers({ onClose }: { onClose: () => void }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [includeRetired, setIncludeRetired] = useState(false);
  const [servers, setServers] = useState<RegistryServerView[]>([]);
  const [hidden, setHidden] = useState(0);
  const [unreadable, setUnreadable] = useState(0);
  const [cursor, setCursor] = useState<string | undefined>();
  const [registryUrl, setRegistryUrl] = useState('');
  const [installing, setInstalling] = useState<{ server: RegistryServerView; choice: InstallChoice } | null>(
    null,
  );
  const { run, pending, error } = useCommand();

  const load = useCallback(
    async (more: boolean) => {
      const outcome = await run((host) =>
        host.invoke('registry.search', { search, includeRetired, ...(more && cursor ? { cursor } : {}) }),
      );
      if (!outcome.ok) return;
      setServers((current) => (more ? [...current, ...outcome.value.servers] : outcome.value.servers));
      setHidden((current) => (more ? current + outcome.value.hidden : outcome.value.hidden));
      setUnreadable((current) => (more ? current + outcome.value.unreadable : outcome.value.unreadable));
      setCursor(outcome.value.nextCursor);
    },
    [run, search, includeRetired, cursor],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page loads once, then on each search.
  useEffect(() => {
    void run((host) => host.invoke('registry.get', {})).then(
      (outcome) => outcome.ok && setRegistryUrl(outcome.value.url),
    );
    void load(false);
  }, [includeRetired]);

  return (
    <Dialog title="Browse servers" onClose={onClose} wide>
      {installing ? (
        <InstallForm
          server={installing.server}
          choice={installing.choice}
          onBack={() => setInstalling(null)}
          onDone={onClose}
        />
      ) : (
        <>
          <p className="muted">
            From {registryUrl || 'the MCP registry'}.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                onClose();
                actions.settingsOpened('registry');
              }}
            >
              Change registry
            </button>
          </p>
          <form
            className="registry-search"
            onSubmit={(event) => {
              event.preventDefault();
              void load(false);
            }}
          >
            <label htmlFor={searchId}>Search servers</label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <button type="submit" disabled={pending}>
              Search
            </button>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={includeRetired}
                onChange={(event) => setIncludeRetired(event.target.checked)}
              />
              Show deprecated and deleted
            </label>
          </form>
          {error ? (
            <p className="inline-error" role="alert">
              {error}
            </p>
          ) : null}
          <ul className="registry-results" aria-label="Registry servers" aria-busy={pending}>
            {servers.map((server) => (
              <RegistryEntry
                key={`${server.name}@${server.version}`}
                server={server}
                onInstall={(choice) => setInstalling({ server, choice })}
              />
            ))}
          </ul>
          {!pending && servers.length === 0 && !error ? <p className="muted">No servers found.</p> : null}
          {hidden > 0 ? (
            <p className="muted">
              {hidden} deprecated or deleted {hidden === 1 ? 'entry is' : 'entries are'} hidden.
            </p>
          ) : null}
          {unreadable > 0 ? (
            <p className="muted">
              {unreadable} {unreadable === 1 ? 'entry' : 'entries'} could not be read and{' '}
              {unreadable === 1 ? 'is' : 'are'} left out.
            </p>
          ) : null}
          {cursor ? (
            <button type="button" onClick={() => void load(true)} disabled={pending}>
              Load more
            </button>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
