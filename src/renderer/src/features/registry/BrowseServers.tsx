// Browse servers: search the MCP registry, page through results, and install one option of an entry.
import { useCallback, useEffect, useId, useState } from 'react';
import type { InstallChoice, RegistryServerView } from '../../../../shared/registry';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions } from '../../store';
import { InstallForm } from './InstallForm';
import { RegistryEntry } from './RegistryEntry';
import './registry.css';

export function BrowseServers({ onClose }: { onClose: () => void }) {
  const t = useT();
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
    <Dialog title={t('registry.browse.title')} onClose={onClose} wide>
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
            {registryUrl ? t('registry.browse.from', { url: registryUrl }) : t('registry.browse.fromDefault')}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                onClose();
                actions.settingsOpened('registry');
              }}
            >
              {t('registry.browse.change')}
            </button>
          </p>
          <form
            className="registry-search"
            onSubmit={(event) => {
              event.preventDefault();
              void load(false);
            }}
          >
            <label htmlFor={searchId}>{t('registry.browse.searchLabel')}</label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <button type="submit" disabled={pending}>
              {t('registry.browse.search')}
            </button>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={includeRetired}
                onChange={(event) => setIncludeRetired(event.target.checked)}
              />
              {t('registry.browse.includeRetired')}
            </label>
          </form>
          {error ? (
            <p className="inline-error" role="alert">
              {error}
            </p>
          ) : null}
          <ul className="registry-results" aria-label={t('registry.browse.resultsLabel')} aria-busy={pending}>
            {servers.map((server) => (
              <RegistryEntry
                key={`${server.name}@${server.version}`}
                server={server}
                onInstall={(choice) => setInstalling({ server, choice })}
              />
            ))}
          </ul>
          {!pending && servers.length === 0 && !error ? (
            <p className="muted">{t('registry.browse.none')}</p>
          ) : null}
          {hidden > 0 ? <p className="muted">{t('registry.browse.hidden', { count: hidden })}</p> : null}
          {unreadable > 0 ? (
            <p className="muted">{t('registry.browse.unreadable', { count: unreadable })}</p>
          ) : null}
          {cursor ? (
            <button type="button" onClick={() => void load(true)} disabled={pending}>
              {t('registry.browse.more')}
            </button>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
