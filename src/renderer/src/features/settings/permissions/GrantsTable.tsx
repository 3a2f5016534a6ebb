// The permissions the person gave: scope, server, tools, where it holds, when, and Revoke.
import type { ReactNode } from 'react';
import type { Grant } from '../../../../../shared/consent';
import { actions, useChats } from '../../../store';
import { grantCovers, grantPhrase, localTime, SCOPE_LABEL } from './permissionsText';

function Where({ grant, title }: { grant: Grant; title: string | undefined }): ReactNode {
  if (grant.conversationId === undefined) return <span className="muted">every conversation</span>;
  if (title === undefined) return <span className="muted">a deleted conversation</span>;
  const id = grant.conversationId;
  return (
    <button type="button" className="small" onClick={() => actions.chatOpened(id)}>
      Open “{title}”
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
  const chats = useChats();
  const titleOf = (id: string | undefined) => (id ? chats.find((chat) => chat.id === id)?.title : undefined);
  return (
    <div className="settings-table-wrap">
      <table className="settings-table">
        <caption className="visually-hidden">Permissions you gave</caption>
        <thead>
          <tr>
            <th scope="col">Permission</th>
            <th scope="col">Server</th>
            <th scope="col">Tools</th>
            <th scope="col">Where</th>
            <th scope="col">Given</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {grants.map((grant) => {
            const title = titleOf(grant.conversationId);
            const phrase = grantPhrase(grant, title);
            return (
              <tr key={grant.id}>
                <th scope="row">{SCOPE_LABEL[grant.scope]}</th>
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
                    aria-label={`Revoke ${phrase}`}
                    onClick={() => onRevoke(grant, phrase)}
                  >
                    Revoke
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
