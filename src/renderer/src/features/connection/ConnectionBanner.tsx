// The banner shown while the link to the host is down and being re-established.
import { useLink } from '../../store';

/** Visible only while reconnecting. */
export function ConnectionBanner() {
  const link = useLink();
  if (link !== 'reconnecting') return null;
  return (
    <div className="connection-banner" role="alert">
      Connection to the host was lost — reconnecting…
    </div>
  );
}
