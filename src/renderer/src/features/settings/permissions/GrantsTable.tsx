// The permissions the person gave: scope, server, tools, where it holds, when, and Revoke.
import type { ReactNode } from 'react';
import type { Grant } from '../../../../../shared/consent';
import { useT } from '../../../i18n';
import { actions, useChats } from '../../../store';
import { grantCovers, grantPhrase, localTime, scopeLabel } from './permissionsText';

function Where({ grant, title }: { grant: Grant; title: string | undefined }): ReactNode {
  const t = useT();
  if (grant.conversationId === undefined)
    return <span className="muted">{t('permissions.grants.everyConversation')}</span>;
  if (title === undefined)
    return <span className="muted">{t('permissions.grants.deletedConversation')}</span>;
  const id = grant.conversationId;
  return (
    <button type="button" className="small" onClick={() => actions.chatOpened(id)}>
      {t('permissions.grants.open', { title })}
    </button>
  );
}

/** One row per grant; a Revoke button named after what it revokes. */
export function GrantsTable({
  grants,
  onRevoke,
}: {
  grants: Grant[];
  onRevoke: (grant: Grant, phrase: string) => void;
}): ReactNode {
  const t = useT();
  const chats = useChats();
  const titleOf = (id: string | undefined) => (id ? chats.find((chat) => chat.id === id)?.title : undefined);
  return (
    <div className="settings-table-wrap">
      <table className="settings-table">
        <caption className="visually-hidden">{t('permissions.grants.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('permissions.grants.column.permission')}</th>
            <th scope="col">{t('permissions.grants.column.server')}</th>
            <th scope="col">{t('permissions.grants.column.tools')}</th>
            <th scope="col">{t('permissions.grants.column.where')}</th>
            <th scope="col">{t('permissions.grants.column.given')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('permissions.grants.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {grants.map((grant) => {
            const title = titleOf(grant.conversationId);
            const phrase = grantPhrase(grant, title);
            return (
              <tr key={grant.id}>
                <th scope="row">{scopeLabel(grant.scope)}</th>
                <td title={grant.serverIdentity}>{grant.server}</td>
                <td>
                  <code title={grant.definitionHash}>{grantCovers(grant)}</code>
                </td>
                <td>
                  <Where grant={grant} title={title} />
                </td>
                <td>
                  <time dateTime={new Date(grant.grantedAt).toISOString()}>{localTime(grant.grantedAt)}</time>
                </td>
                <td className="settings-actions">
                  <button
                    type="button"
                    className="small"
                    aria-label={t('permissions.grants.revokeLabel', { phrase })}
                    onClick={() => onRevoke(grant, phrase)}
                  >
                    {t('permissions.grants.revoke')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
