// Shown when no server is configured: where config.json lives and how to add one.
import type { ReactNode } from 'react';
import { Message, useT } from '../../i18n';
import { actions, useConfig } from '../../store';

const code = (chunks: ReactNode) => <code>{chunks}</code>;

/** The welcome page of an empty config. */
export function EmptyState() {
  const t = useT();
  const config = useConfig();
  return (
    <div className="empty-state">
      <h1>{t('servers.empty.title')}</h1>
      <p>
        {config ? (
          <Message
            id="servers.empty.introAt"
            values={{ path: <code className="selectable">{config.path}</code>, code }}
          />
        ) : (
          <Message id="servers.empty.intro" values={{ code }} />
        )}
      </p>
      <div className="button-row">
        <button type="button" className="primary" onClick={() => actions.dialogOpened({ kind: 'add' })}>
          {t('servers.addServer')}
        </button>
        <button type="button" onClick={() => actions.dialogOpened({ kind: 'configFile' })}>
          {t('servers.editConfigFile')}
        </button>
      </div>
    </div>
  );
}
