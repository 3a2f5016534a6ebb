// The banner shown while the link to the host is down and being re-established.
import { useT } from '../../i18n';
import { useLink } from '../../store';

/** Visible only while reconnecting. */
export function ConnectionBanner() {
  const t = useT();
  const link = useLink();
  if (link !== 'reconnecting') return null;
  return (
    <div className="connection-banner" role="alert">
      {t('connection.lost')}
    </div>
  );
}
