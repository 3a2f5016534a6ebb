// The Overview's Protocol section: the protocol version the server and Switchboard agreed on, and how.
import type { ReactNode } from 'react';
import type { ServerView } from '../../../../shared/types';
import { useT } from '../../i18n';

/** A section headed "Protocol". */
export function ProtocolSection({ view }: { view: ServerView }): ReactNode {
  const t = useT();
  // How the version was agreed: the handshake each protocol generation uses.
  const how =
    view.era === 'modern' || view.era === 'legacy'
      ? t('servers.protocol.handshake', { era: view.era })
      : undefined;
  return (
    <section>
      <h2>{t('servers.protocol.title')}</h2>
      {view.protocolVersion ? (
        <dl className="fields">
          <dt>{t('servers.protocol.version')}</dt>
          <dd>
            <code>{view.protocolVersion}</code>
            {how ? <span className="muted"> {how}</span> : null}
          </dd>
        </dl>
      ) : (
        <p className="muted">{t('servers.notKnownYet')}</p>
      )}
    </section>
  );
}
