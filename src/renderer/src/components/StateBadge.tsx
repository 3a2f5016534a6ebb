// A connection state's badge: the state kind in words (`sign-in required` for the one with dashes).
import type { ConnectionStateKind } from '../../../shared/types';

/** Shows `running`, `starting`, `error`, `stopped`, `restarting` or `sign-in required`, coloured by kind. */
export function StateBadge({ kind }: { kind: ConnectionStateKind }) {
  return (
    <span className={`badge badge-${kind}`}>{kind === 'sign-in-required' ? 'sign-in required' : kind}</span>
  );
}
