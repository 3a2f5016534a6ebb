// Browser mode without a usable token: says, in plain words, which address to open.
import type { ReactNode } from 'react';
import { Message, useT } from '../../i18n';

/** The whole-window screen for a missing or refused token. */
export function TokenScreen() {
  const t = useT();
  const hasToken = new URLSearchParams(window.location.search).has('token');
  return (
    <main className="full-screen">
      <div className="full-screen-card">
        <h1>{hasToken ? t('connection.token.expiredTitle') : t('connection.token.missingTitle')}</h1>
        <p>{hasToken ? t('connection.token.expired') : t('connection.token.missing')}</p>
        <p>
          <Message
            id="connection.token.howTo"
            values={{ code: (chunks: ReactNode) => <code>{chunks}</code> }}
          />
        </p>
      </div>
    </main>
  );
}
