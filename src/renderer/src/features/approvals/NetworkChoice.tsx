// The approval dialog's sandbox part: that the server runs sandboxed (or sees everything), and where it may connect.
import { type ReactNode, useId } from 'react';
import { isHostEntry, type NetworkChoice as Network } from '../../../../shared/sandbox';
import type { LaunchView } from '../../../../shared/serverApprovals';
import { useT } from '../../i18n';
import { hostsOf } from '../settings/sandboxDraft';
import { notAHostText } from '../settings/schemaProblems';

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
  const wrong = hosts.find((entry) => !isHostEntry(entry));
  return wrong === undefined ? { network: hosts } : { problem: notAHostText(wrong) };
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
  const t = useT();
  const ids = useId();
  const group = `${ids}-network`;
  if (launch.sandbox === 'off') {
    return (
      <p className="notice approval-unsandboxed" role="note">
        {t('approvals.network.unsandboxed')}
      </p>
    );
  }
  const option = (kind: NetworkPick['kind'], label: string) => (
    <label>
      <input
        type="radio"
        name={group}
        checked={pick.kind === kind}
        onChange={() => onChange({ ...pick, kind })}
      />{' '}
      {label}
    </label>
  );
  const checked = networkOfPick(pick);
  return (
    <section className="approval-sandbox">
      <p>{t('approvals.network.sandboxed')}</p>
      <fieldset className="approval-network">
        <legend>{t('approvals.network.title')}</legend>
        {option('none', t('approvals.network.none'))}
        {option('hosts', t('approvals.network.hosts'))}
        {pick.kind === 'hosts' ? (
          <label className="field">
            <span>{t('approvals.network.hostList')}</span>
            <textarea
              value={pick.hosts}
              rows={3}
              spellCheck={false}
              onChange={(event) => onChange({ ...pick, hosts: event.target.value })}
            />
          </label>
        ) : null}
        {option('any', t('approvals.network.any'))}
      </fieldset>
      {'problem' in checked ? (
        <p className="field-error" role="alert">
          {checked.problem}
        </p>
      ) : null}
    </section>
  );
}
