// The Overview's Apps section: the server's app views, the tools only its views may call, and the switch to turn them off.
import { type ReactNode, useEffect, useState } from 'react';
import { type AppPermissionGrant, appsEnabled, isAppOnly, viewResourceOf } from '../../../../shared/apps';
import type { ServerView } from '../../../../shared/types';
import { useHost } from '../../api';
import { useCommand } from '../../components/useCommand';

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
        <h2>Apps</h2>
        <p className="muted">This server offers no app views.</p>
      </section>
    );
  }

  return (
    <section>
      <h2>Apps</h2>
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
        Show this server's app views
      </label>
      <p className="muted">
        {checked
          ? 'Tools with a view show it in their card, in a sandbox of its own; every tool call it makes asks you first.'
          : 'Off: its tools show their text results only, and the server is told that views are not shown here.'}{' '}
        Changing this restarts the server.
      </p>
      {views.size === 0 ? (
        <p className="muted">
          {running ? 'This server offers no app views.' : 'Start the server to see its app views.'}
        </p>
      ) : (
        <ul className="apps-list" aria-label={`App views of ${view.name}`}>
          {[...views].map(([uri, tools]) => {
            const allowed = grants.find((grant) => grant.resourceUri === uri)?.permissions ?? [];
            return (
              <li key={uri}>
                <code>{uri}</code> — the view of {tools.join(', ')}
                {allowed.length > 0 ? <span className="muted"> · allowed: {allowed.join(', ')}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
      {appOnly.length > 0 ? (
        <p className="muted">
          Tools only its views may call (the model never sees them): {appOnly.join(', ')}.
        </p>
      ) : null}
      {error ? <p className="inline-error">{error}</p> : null}
    </section>
  );
}
