// Per server, the opt-ins to trust what it says of its own tools (read-only, or only for its views): off by default.
import { type ReactNode, useId, useState } from 'react';
import { isAppOnly } from '../../../../../shared/apps';
import type { Grant } from '../../../../../shared/consent';
import type { ToolView } from '../../../../../shared/types';
import { useT } from '../../../i18n';
import { useRunningServers } from '../../../store';
import { joinNames } from './permissionsText';

/** The kinds of trust a person can give a server. */
export type TrustKind = 'read-only' | 'app-only';

type Row = { server: string; tools: string[]; trust: Grant | undefined };

/** Which tools a kind covers, and the ids of its words (each takes `server`; the hint also `count`). */
type Words = {
  covers: (tool: ToolView) => boolean;
  label: string;
  hint: string;
  none: string;
};

const WORDS: Record<TrustKind, Words> = {
  'read-only': {
    covers: (tool) => tool.annotations?.readOnlyHint === true,
    label: 'permissions.trust.readOnly.label',
    hint: 'permissions.trust.readOnly.hint',
    none: 'permissions.trust.readOnly.none',
  },
  'app-only': {
    covers: isAppOnly,
    label: 'permissions.trust.appOnly.label',
    hint: 'permissions.trust.appOnly.hint',
    none: 'permissions.trust.appOnly.none',
  },
};

function rowsOf(
  kind: TrustKind,
  servers: ReturnType<typeof useRunningServers>,
  grants: readonly Grant[],
): Row[] {
  const rows = new Map<string, Row>();
  for (const view of servers) {
    const tools = view.tools.filter(WORDS[kind].covers).map((tool) => tool.name);
    if (tools.length > 0) rows.set(view.name, { server: view.name, tools, trust: undefined });
  }
  for (const grant of grants) {
    if (grant.scope !== kind) continue;
    const row = rows.get(grant.server) ?? { server: grant.server, tools: [], trust: undefined };
    rows.set(grant.server, { ...row, trust: grant });
  }
  return [...rows.values()].sort((a, b) => a.server.localeCompare(b.server));
}

function TrustRow({
  kind,
  row,
  onChange,
}: {
  kind: TrustKind;
  row: Row;
  onChange: (server: string, enabled: boolean) => Promise<string | null>;
}): ReactNode {
  const t = useT();
  const hintId = useId();
  // While the host answers, the switch shows what the person asked for.
  const [pending, setPending] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const covered = row.trust ? row.trust.tools : row.tools;
  const words = WORDS[kind];
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
        {t(words.label, { server: row.server })}
      </label>
      <p id={hintId} className="muted hint">
        {t('permissions.trust.covers', {
          hint: t(words.hint, { server: row.server, count: covered.length }),
          trusted: row.trust ? 'yes' : 'no',
          tools: joinNames(covered) || t('permissions.trust.noTools'),
        })}
      </p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

/** One switch per running server that has tools of this kind (and per server trusted before). */
export function ServerTrust({
  kind,
  grants,
  onChange,
}: {
  kind: TrustKind;
  grants: readonly Grant[];
  onChange: (server: string, enabled: boolean) => Promise<string | null>;
}): ReactNode {
  const t = useT();
  const rows = rowsOf(kind, useRunningServers(), grants);
  if (rows.length === 0) return <p className="settings-empty">{t(WORDS[kind].none)}</p>;
  return (
    <ul className="trust-list">
      {rows.map((row) => (
        <TrustRow key={row.server} kind={kind} row={row} onChange={onChange} />
      ))}
    </ul>
  );
}
