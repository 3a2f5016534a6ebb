// A connection state's badge: its text is exactly the state kind.
import type { ConnectionStateKind } from '../../../shared/types';

/** Shows `running`, `starting`, `error`, `stopped` or `restarting`, coloured by kind. */
export function StateBadge({ kind }: { kind: ConnectionStateKind }) {
  return <span className={`badge badge-${kind}`}>{kind}</span>;
}
