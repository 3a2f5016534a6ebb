// Said where a file from a shared folder is wanted and none is shared yet, with the way out: Add folder.
import type { ReactNode } from 'react';
import type { ServerView } from '../../../../shared/types';
import { useT } from '../../i18n';
import { useRootsView } from '../../store';
import { AddFolderButton } from '../roots/RootsPage';
import './welcome.css';

/** True for the built-in workspace server, which works only inside shared folders. */
export function isWorkspaceServer(view: ServerView | undefined): boolean {
  return view !== undefined && 'command' in view.entry && view.entry.command === 'builtin:workspace';
}

/**
 * "No folders are shared yet…" and Add folder; nothing once a folder is shared (or while roots load). `what` is a
 * whole clause in the page's language (`welcome.noFolders` puts it after "so").
 */
export function NoFoldersNotice({ what }: { what: string }): ReactNode {
  const t = useT();
  const roots = useRootsView();
  if (roots === null || roots.roots.length > 0) return null;
  return (
    <div className="no-folders" role="note">
      <span>{t('welcome.noFolders', { what })}</span>
      <AddFolderButton primary={false} />
    </div>
  );
}
