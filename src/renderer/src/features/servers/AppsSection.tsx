// The Overview's Apps section: the server's app views, the tools only its views may call, and the switch to turn them off.
import { type ReactNode, useEffect, useState } from 'react';
import { type AppPermissionGrant, appsEnabled, isAppOnly, viewResourceOf } from '../../../../shared/apps';
import type { ServerView } from '../../../../shared/types';
import { useHost } from '../../api';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';

/** `ui://` view → the tools that show it, in the server's order. */
function viewsOf(view: ServerView): Map<string, string[]> {
  const views = new Map<string, string[]>();
  for (const tool of view.tools) {
    const uri = viewResourceOf(tool);
    if (uri && !isAppOnly(tool)) views.set(uri, [...(views.get(uri) ?? []), tool.name]);
  }
  return views;
}

/** A section headed "Apps". */
export function AppsSection({ view }: { view: ServerView }): ReactNode {
  const t = useT();
  const host = useHost();
  const { run, pending, error } = useCommand();
  const [grants, setGrants] = useState<AppPermissionGrant[]>([]);
  const enabled = appsEnabled(view.entry);
  // The box follows a click at once; the entry catches up when the saved config comes back.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const checked = wanted ?? enabled;
  useEffect(() => {
    if (wanted === enabled) setWanted(null);
  }, [wanted, enabled]);
  const views = viewsOf(view);
  const appOnly = view.tools.filter(isAppOnly).map((tool) => tool.name);
  const running = view.state.kind === 'running';

  useEffect(() => {
    let current = true;
    host.invoke('apps.permissions', { server: view.name }).then(
      (list) => current && setGrants(list),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [host, view.name]);

  // Known to have no views (running, or its saved lists): nothing to show or hide. Once turned off, the switch stays.
  if (enabled && views.size === 0 && appOnly.length === 0 && (running || view.cachedAt !== undefined)) {
    return (
      <section>
        <h2>{t('servers.apps.title')}</h2>
        <p className="muted">{t('servers.apps.none')}</p>
      </section>
    );
  }

  return (
    <section>
      <h2>{t('servers.apps.title')}</h2>
      <label>
        <input
          type="checkbox"
          checked={checked}
          disabled={pending}
          onChange={(event) => {
            const next = event.target.checked;
            setWanted(next);
            void run((client) => client.invoke('config.setApps', { name: view.name, enabled: next })).then(
              (outcome) => {
                if (!outcome.ok) setWanted(null);
              },
            );
          }}
        />{' '}
        {t('servers.apps.show')}
      </label>
      <p className="muted">{t('servers.apps.hint', { on: checked ? 'yes' : 'no' })}</p>
      {views.size === 0 ? (
        <p className="muted">{running ? t('servers.apps.none') : t('servers.apps.startToSee')}</p>
      ) : (
        <ul className="apps-list" aria-label={t('servers.apps.listLabel', { server: view.name })}>
          {[...views].map(([uri, tools]) => {
            const allowed = grants.find((grant) => grant.resourceUri === uri)?.permissions ?? [];
            return (
              <li key={uri}>
                <Message
                  id="servers.apps.viewOf"
                  values={{
                    uri,
                    tools: tools.join(', '),
                    code: (chunks: ReactNode) => <code>{chunks}</code>,
                  }}
                />
                {allowed.length > 0 ? (
                  <span className="muted">
                    {' '}
                    {t('servers.apps.allowed', { permissions: allowed.join(', ') })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {appOnly.length > 0 ? (
        <p className="muted">{t('servers.apps.appOnly', { tools: appOnly.join(', ') })}</p>
      ) : null}
      {error ? <p className="inline-error">{error}</p> : null}
    </section>
  );
}
