// Who is asking: the server's config name, large, and the title it gives itself, small and marked as its own claim.
import type { ReactNode } from 'react';
import { useT } from '../../i18n';

/** The requesting server, named as the person configured it. */
export function ServerWho({ server, serverTitle }: { server: string; serverTitle?: string }): ReactNode {
  const t = useT();
  const selfTitle = serverTitle?.trim();
  return (
    <div className="request-who">
      <p className="request-server">{server}</p>
      {selfTitle && selfTitle !== server ? (
        <p className="muted request-self-title">{t('requests.who.selfTitle', { title: selfTitle })}</p>
      ) : null}
    </div>
  );
}
