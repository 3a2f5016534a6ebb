// The Overview's Sandbox section: how the server runs, what it sees and may reach, and the permission that needs no network.
import { type ReactNode, useId, useState } from 'react';
import { noNetwork, type SandboxView } from '../../../../shared/sandbox';
import type { ServerView } from '../../../../shared/types';
import { actions } from '../../store';
import { sandboxLine } from './sandboxText';
import { useSandboxTrust } from './useSandboxTrust';

function Reach({ sandbox }: { sandbox: Extract<SandboxView, { kind: 'sandboxed' }> }): ReactNode {
  const { folders, network } = sandbox;
  return (
    <dl className="fields">
      <dt>Folders</dt>
      <dd>
        {folders.length === 0 ? (
          'None of yours: share folders with it in its Roots tab.'
        ) : (
          <ul className="plain-list" aria-label="Folders it sees">
            {folders.map((folder) => (
              <li key={folder.path}>
                <span className="selectable">{folder.path}</span>
                {folder.readOnly ? ' (read-only)' : ''}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>Network</dt>
      <dd>
        {network === 'any' ? (
          'Any host'
        ) : network === 'none' || network.length === 0 ? (
          'None'
        ) : (
          <ul className="plain-list" aria-label="Hosts it may reach">
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
        Allow this server's tools without asking while it is sandboxed with no network
      </label>
      <p id={hintId} className="muted hint">
        {applies
          ? 'It can then change only the folders you share with it and reach nothing; its tools run as soon as a model asks.'
          : 'Only for a server that runs sandboxed with its network set to None.'}{' '}
        {on && !applies ? 'Suspended: it does not run sandboxed with no network now, so its tools ask. ' : ''}
        A change of its network, of its sandbox setting or of what it runs suspends this until you turn it on
        again.
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
  const titleId = useId();
  const sandbox = view.sandbox;
  if (!sandbox) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Sandbox</h2>
      <p className="sandbox-line">{sandboxLine(sandbox)}</p>
      {sandbox.kind === 'sandboxed' ? (
        <>
          <Reach sandbox={sandbox} />
          <p className="muted">
            Inside its sandbox it also reads the program it runs and the system's own files, and keeps its own
            home and temporary folder; nothing else of yours exists for it. Connections it may not make show
            in its Logs. On Linux, files it cannot reach are not reported: they simply do not exist for it.
          </p>
        </>
      ) : null}
      {sandbox.kind !== 'remote' ? (
        <div className="button-row">
          <button type="button" onClick={() => actions.dialogOpened({ kind: 'edit', name: view.name })}>
            Sandbox settings…
          </button>
        </div>
      ) : null}
      {sandbox.kind !== 'remote' ? <TrustSwitch view={view} /> : null}
    </section>
  );
}
