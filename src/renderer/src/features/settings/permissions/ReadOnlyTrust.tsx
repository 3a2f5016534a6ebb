// Per server, the opt-in to run the tools it marks read-only without asking: off by default, worded as trusting its claim.
import { type ReactNode, useId, useState } from 'react';
import type { Grant } from '../../../../../shared/consent';
import { useRunningServers } from '../../../store';

type Row = { server: string; readOnly: string[]; trust: Grant | undefined };

function rowsOf(servers: ReturnType<typeof useRunningServers>, grants: readonly Grant[]): Row[] {
  const rows = new Map<string, Row>();
  for (const view of servers) {
    const readOnly = view.tools
      .filter((tool) => tool.annotations?.readOnlyHint === true)
      .map((tool) => tool.name);
    if (readOnly.length > 0) rows.set(view.name, { server: view.name, readOnly, trust: undefined });
  }
  for (const grant of grants) {
    if (grant.scope !== 'read-only') continue;
    const row = rows.get(grant.server) ?? { server: grant.server, readOnly: [], trust: undefined };
    rows.set(grant.server, { ...row, trust: grant });
  }
  return [...rows.values()].sort((a, b) => a.server.localeCompare(b.server));
}

function TrustRow({
  row,
  onChange,
}: {
  row: Row;
  onChange: (server: string, enabled: boolean) => Promise<string | null>;
}): ReactNode {
  const hintId = useId();
  // While the host answers, the switch shows what the person asked for.
  const [pending, setPending] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const covered = row.trust ? row.trust.tools : row.readOnly;
  const toggle = async (enabled: boolean) => {
    setPending(enabled);
    setProblem(await onChange(row.server, enabled));
    setPending(null);
  };
  return (
    <li className="trust-row">
      <label className="trust-label">
        <input
          type="checkbox"
          checked={pending ?? row.trust !== undefined}
          disabled={pending !== null}
          aria-describedby={hintId}
          onChange={(event) => void toggle(event.target.checked)}
        />
        Run the tools {row.server} marks read-only without asking
      </label>
      <p id={hintId} className="muted hint">
        This trusts {row.server}’s own claim that{' '}
        {covered.length === 1 ? 'this tool changes' : 'these tools change'} nothing; Switchboard cannot check
        it. {row.trust ? 'Covers' : 'Would cover'}: {covered.join(', ') || 'none'}
        {row.trust ? ', as they were defined when you turned this on' : ''}. Tools it adds or changes later
        ask first.
      </p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

/** One switch per running server that marks tools read-only (and per server trusted before). */
export function ReadOnlyTrust({
  grants,
  onChange,
}: {
  grants: readonly Grant[];
  onChange: (server: string, enabled: boolean) => Promise<string | null>;
}): ReactNode {
  const rows = rowsOf(useRunningServers(), grants);
  if (rows.length === 0) {
    return <p className="settings-empty">No running server marks any of its tools read-only.</p>;
  }
  return (
    <ul className="trust-list">
      {rows.map((row) => (
        <TrustRow key={row.server} row={row} onChange={onChange} />
      ))}
    </ul>
  );
}
