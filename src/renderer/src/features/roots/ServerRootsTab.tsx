// A server's Roots tab: whether it sees all folders or a chosen few, saved at once, and whether sharing was confirmed.
import { type ReactNode, useId, useRef, useState } from 'react';
import type { RootsView, ServerRoots } from '../../../../shared/roots';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
import { actions, useRootsView } from '../../store';
import { AddFolderButton } from './RootsPage';
import { choiceSees, seenSummary, serverRoots, subsetFromAll, toggleSubset } from './sharing';
import './roots.css';

function ConfirmedLine({ server, confirmed }: { server: string; confirmed: boolean }): ReactNode {
  return confirmed ? (
    <p className="roots-confirmed">
      <Message
        id="roots.tab.confirmed"
        values={{ server, badge: (chunks) => <span className="badge badge-running">{chunks}</span> }}
      />
    </p>
  ) : (
    <p className="roots-confirmed">
      <Message
        id="roots.tab.notConfirmed"
        values={{ server, badge: (chunks) => <span className="badge badge-stopped">{chunks}</span> }}
      />
    </p>
  );
}

type Choice = Pick<ServerRoots, 'mode' | 'uris'>;

/** Saves choices one after another; a choice overtaken by a newer one is skipped (the newer one is complete). */
function useSaveChoice(server: string) {
  const { run, pending, error } = useCommand();
  const [draft, setDraft] = useState<Choice | null>(null);
  const chain = useRef(Promise.resolve());
  const latest = useRef(0);

  const save = (choice: Choice) => {
    setDraft(choice);
    const ticket = ++latest.current;
    chain.current = chain.current.then(async () => {
      if (ticket !== latest.current) return;
      const outcome = await run((host) => host.invoke('roots.setServer', { server, ...choice }));
      if (outcome.ok) actions.rootsChanged(outcome.value);
      if (ticket === latest.current) setDraft(null);
    });
  };
  return { save, draft, pending, error };
}

/** Whether `server`'s sandbox may only read one folder; read-write unless ticked. */
function ReadOnlyBox({
  server,
  uri,
  readOnly,
}: {
  server: string;
  uri: string;
  readOnly: boolean;
}): ReactNode {
  const t = useT();
  const { run, pending, error } = useCommand();
  const [wanted, setWanted] = useState<boolean | null>(null);
  const change = async (next: boolean) => {
    setWanted(next);
    const outcome = await run((host) => host.invoke('roots.setReadOnly', { server, uri, readOnly: next }));
    if (outcome.ok) actions.rootsChanged(outcome.value);
    setWanted(null);
  };
  return (
    <label className="roots-readonly" title={error ?? t('roots.tab.readOnlyHint')}>
      <input
        type="checkbox"
        checked={wanted ?? readOnly}
        disabled={pending}
        onChange={(event) => void change(event.target.checked)}
      />
      {t('roots.tab.readOnly')}
    </label>
  );
}

function Choices({ server, view }: { server: string; view: RootsView }): ReactNode {
  const t = useT();
  const { save, draft, pending, error } = useSaveChoice(server);
  const readOnly = new Set(serverRoots(view, server).readOnly ?? []);
  const shown: Choice = draft ?? serverRoots(view, server);
  const groupId = useId();

  const onTick = (uri: string, on: boolean) => {
    const from = shown.mode === 'all' ? view.roots.map((root) => root.uri) : shown.uris;
    save({ mode: 'subset', uris: toggleSubset(view.roots, from, uri, on) });
  };

  return (
    <>
      <fieldset className="roots-choice">
        <legend>{t('roots.tab.legend', { server })}</legend>
        <label className="roots-option">
          <input
            type="radio"
            name={groupId}
            checked={shown.mode === 'all'}
            onChange={() => save({ mode: 'all', uris: [] })}
          />
          {t('roots.tab.all')}
        </label>
        <label className="roots-option">
          <input
            type="radio"
            name={groupId}
            checked={shown.mode === 'subset'}
            onChange={() => save({ mode: 'subset', uris: subsetFromAll(view, server) })}
          />
          {t('roots.tab.subset')}
        </label>
        <ul className="roots-checks" aria-label={t('roots.folders')}>
          {view.roots.map((root) => (
            <li key={root.uri}>
              <label className="roots-check" title={root.path}>
                <input
                  type="checkbox"
                  checked={choiceSees(shown, root.uri)}
                  onChange={(event) => onTick(root.uri, event.target.checked)}
                />
                <span>{root.name}</span>
                <span className="muted root-path">{root.path}</span>
              </label>
              <ReadOnlyBox server={server} uri={root.uri} readOnly={readOnly.has(root.uri)} />
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="muted">{t('roots.tab.sandboxNote')}</p>
      <p className="muted roots-saving" role="status">
        {pending ? t('roots.tab.saving') : ''}
      </p>
      {error ? (
        <p className="inline-error" role="alert">
          {t('roots.tab.saveFailed', { server, error })}
        </p>
      ) : null}
    </>
  );
}

/** The Roots tab of server `server`. */
export function ServerRootsTab({ server }: { server: string }): ReactNode {
  const t = useT();
  const view = useRootsView();
  if (view === null) return <p className="panel-pad muted">{t('roots.loading')}</p>;
  const sharing = serverRoots(view, server);
  return (
    <div className="panel-pad roots-tab">
      <p className="roots-sees">
        <Message
          id="roots.tab.sees"
          values={{ summary: seenSummary(view, server), strong: (chunks) => <strong>{chunks}</strong> }}
        />
      </p>
      <ConfirmedLine server={server} confirmed={sharing.confirmed} />
      {view.roots.length === 0 ? (
        <div className="roots-tab-empty">
          <p className="muted">{t('roots.tab.noneShared')}</p>
          <div className="button-row">
            <AddFolderButton primary={false} />
          </div>
        </div>
      ) : (
        <Choices server={server} view={view} />
      )}
    </div>
  );
}
