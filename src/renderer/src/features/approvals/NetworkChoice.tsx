// The approval dialog's sandbox part: that the server runs sandboxed (or sees everything), and where it may connect.
import { type ReactNode, useId } from 'react';
import { hostEntryProblem, type NetworkChoice as Network } from '../../../../shared/sandbox';
import type { LaunchView } from '../../../../shared/serverApprovals';
import { hostsOf } from '../settings/sandboxDraft';

/** What the person picked: none, any, or the hosts typed (one a line). */
export type NetworkPick = { kind: 'none' | 'hosts' | 'any'; hosts: string };

export function initialPick(sandbox: Extract<LaunchView, { transport: 'stdio' }>['sandbox']): NetworkPick {
  if (sandbox === 'off') return { kind: 'any', hosts: '' };
  const { network } = sandbox;
  if (network === 'none' || network === 'any')
    return { kind: network, hosts: sandbox.defaultHosts.join('\n') };
  return { kind: 'hosts', hosts: network.join('\n') };
}

/** The network `pick` stands for, or the problem with its list. */
export function networkOfPick(pick: NetworkPick): { network: Network } | { problem: string } {
  if (pick.kind !== 'hosts') return { network: pick.kind };
  const hosts = hostsOf(pick.hosts);
  const problem = hosts.map(hostEntryProblem).find((found) => found !== undefined);
  return problem ? { problem } : { network: hosts };
}

/** For a local server: the Network choice, or the plain warning that it runs unsandboxed. */
export function NetworkChoice({
  launch,
  pick,
  onChange,
}: {
  launch: Extract<LaunchView, { transport: 'stdio' }>;
  pick: NetworkPick;
  onChange: (pick: NetworkPick) => void;
}): ReactNode {
  const ids = useId();
  if (launch.sandbox === 'off') {
    return (
      <p className="notice approval-unsandboxed" role="note">
        Its sandbox is turned off ("sandbox": false): it will see and change everything you can, and reach any
        host.
      </p>
    );
  }
  const option = (kind: NetworkPick['kind'], label: string) => (
    <label>
      <input
        type="radio"
        name={`${ids}-network`}
        checked={pick.kind === kind}
        onChange={() => onChange({ ...pick, kind })}
      />{' '}
      {label}
    </label>
  );
  const checked = networkOfPick(pick);
  return (
    <section className="approval-sandbox">
      <p>
        It runs in a sandbox: it sees only the folders you share with it, the program it runs and a home of
        its own.
      </p>
      <fieldset className="approval-network">
        <legend>Network</legend>
        {option('none', 'None')}
        {option('hosts', 'Only these hosts')}
        {pick.kind === 'hosts' ? (
          <label className="field">
            <span>Hosts</span>
            <textarea
              value={pick.hosts}
              rows={3}
              spellCheck={false}
              onChange={(event) => onChange({ ...pick, hosts: event.target.value })}
            />
          </label>
        ) : null}
        {option('any', 'Any')}
      </fieldset>
      {'problem' in checked ? (
        <p className="field-error" role="alert">
          {checked.problem}
        </p>
      ) : null}
    </section>
  );
}
