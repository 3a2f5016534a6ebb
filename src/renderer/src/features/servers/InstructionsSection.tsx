// The Overview's instructions: the server's text shown as plain text, and whether the model is given it.
import { useEffect, useId, useState } from 'react';
import type { ServerView } from '../../../../shared/types';
import { useHost } from '../../api/HostContext';
import { describeError } from '../../components/format';
import { useT } from '../../i18n';

/** Whether `server`'s instructions go to the model (null until known), and a way to change it. */
function useIncluded(server: string) {
  const host = useHost();
  const [excluded, setExcluded] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    host
      .invoke('instructions.get', {})
      .then((view) => live && setExcluded(view.excluded))
      .catch(() => {});
    const off = host.on('instructions.changed', (view) => setExcluded(view.excluded));
    return () => {
      live = false;
      off();
    };
  }, [host]);
  const set = (include: boolean) => host.invoke('instructions.set', { server, include });
  return { included: excluded === null ? null : !excluded.includes(server), set };
}

/** The Instructions section of a server's Overview. */
export function InstructionsSection({ view }: { view: ServerView }) {
  const t = useT();
  const { included, set } = useIncluded(view.name);
  const [error, setError] = useState<string | null>(null);
  const switchId = useId();
  return (
    <section>
      <h2>{t('servers.instructions.title')}</h2>
      {view.instructions ? (
        <>
          <p className="muted">{t('servers.instructions.source')}</p>
          <pre className="untrusted-text">{view.instructions}</pre>
          <p className="instructions-switch">
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              checked={included ?? true}
              aria-checked={included ?? true}
              disabled={included === null}
              onChange={(event) => {
                setError(null);
                set(event.target.checked).catch((caught: unknown) => setError(describeError(caught)));
              }}
            />{' '}
            <label htmlFor={switchId}>{t('servers.instructions.include')}</label>
          </p>
          <p className="muted">{t('servers.instructions.includeHint', { server: view.name })}</p>
          {error ? (
            <p className="inline-error" role="alert">
              {error}
            </p>
          ) : null}
        </>
      ) : (
        <p className="muted">{t('servers.instructions.none')}</p>
      )}
    </section>
  );
}
