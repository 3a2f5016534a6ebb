// A connection state's badge: the state kind in words (`sign-in required` for the one with dashes).
import type { ConnectionStateKind } from '../../../shared/types';
import { useT } from '../i18n';

/** The message naming each state. */
const STATE_NAMES: Record<ConnectionStateKind, string> = {
  running: 'common.state.running',
  starting: 'common.state.starting',
  error: 'common.state.error',
  stopped: 'common.state.stopped',
  restarting: 'common.state.restarting',
  'sign-in-required': 'common.state.signInRequired',
};

/** Shows `running`, `starting`, `error`, `stopped`, `restarting` or `sign-in required`, coloured by kind. */
export function StateBadge({ kind }: { kind: ConnectionStateKind }) {
  const t = useT();
  const classes = `badge badge-${kind}`;
  return <span className={classes}>{t(STATE_NAMES[kind])}</span>;
}
