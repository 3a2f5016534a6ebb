// The Overview's Sandbox section: how the server runs, what it sees and may reach, and the permission that needs no network.
import { type ReactNode, useId, useState } from 'react';
import { noNetwork, type SandboxView } from '../../../../shared/sandbox';
import type { ServerView } from '../../../../shared/types';
import { useT } from '../../i18n';
import { actions } from '../../store';
import { sandboxLine } from './sandboxText';
import { useSandboxTrust } from './useSandboxTrust';

function Reach({ sandbox }: { sandbox: Extract<SandboxView, { kind: 'sandboxed' }> }): ReactNode {
  const t = useT();
  const { folders, network } = sandbox;
  return (
    <dl className="fields">
      <dt>{t('servers.sandbox.folders')}</dt>
      <dd>
        {folders.length === 0 ? (
          t('servers.sandbox.noFolders')
        ) : (
          <ul className="plain-list" aria-label={t('servers.sandbox.foldersLabel')}>
            {folders.map((folder) => (
              <li key={folder.path}>
                <span className="selectable">{folder.path}</span>
                {folder.readOnly ? <> {t('servers.sandbox.readOnly')}</> : null}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>{t('servers.sandbox.network')}</dt>
      <dd>
        {network === 'any' ? (
          t('servers.sandbox.anyHost')
        ) : network === 'none' || network.length === 0 ? (
          t('servers.sandbox.noNetwork')
        ) : (
          <ul className="plain-list" aria-label={t('servers.sandbox.hostsLabel')}>
            {network.map((host) => (
              <li key={host}>
                <code>{host}</code>
              </li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  );
}

/** The switch for running its tools without asking, which holds only while it is sandboxed with no network. */
function TrustSwitch({ view }: { view: ServerView }): ReactNode {
  const t = useT();
  const hintId = useId();
  const { grant, set } = useSandboxTrust(view.name);
  const [pending, setPending] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sandbox = view.sandbox;
  const applies = sandbox?.kind === 'sandboxed' && noNetwork(sandbox.network);
  const on = grant !== undefined && grant !== null;
  const toggle = async (enabled: boolean) => {
    setPending(enabled);
    setProblem(await set(enabled));
    setPending(null);
  };
  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={pending ?? on}
          disabled={pending !== null || grant === undefined || (!applies && !on)}
          aria-describedby={hintId}
          onChange={(event) => void toggle(event.target.checked)}
        />{' '}
        {t('servers.sandbox.trust')}
      </label>
      <p id={hintId} className="muted hint">
        {t('servers.sandbox.trustHint', {
          applies: applies ? 'yes' : 'no',
          suspended: on && !applies ? 'yes' : 'no',
        })}
      </p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}

/** A section headed "Sandbox". */
export function SandboxSection({ view }: { view: ServerView }): ReactNode {
  const t = useT();
  const titleId = useId();
  const sandbox = view.sandbox;
  if (!sandbox) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{t('servers.sandbox.title')}</h2>
      <p className="sandbox-line">{sandboxLine(sandbox)}</p>
      {sandbox.kind === 'sandboxed' ? (
        <>
          <Reach sandbox={sandbox} />
          <p className="muted">{t('servers.sandbox.inside')}</p>
        </>
      ) : null}
      {sandbox.kind !== 'remote' ? (
        <div className="button-row">
          <button type="button" onClick={() => actions.dialogOpened({ kind: 'edit', name: view.name })}>
            {t('servers.sandbox.settings')}
          </button>
        </div>
      ) : null}
      {sandbox.kind !== 'remote' ? <TrustSwitch view={view} /> : null}
    </section>
  );
}
