// On a server's Overview: the folders its arguments name that it is not shown as roots, each with its one-click Share.
import { type ReactNode, useEffect, useState } from 'react';
import type { ServerView } from '../../../../shared/types';
import { useHost } from '../../api';
import { useRootsView } from '../../store';
import { ShareArgumentFolder } from './ShareArgumentFolder';

/** Nothing when the server's arguments name no folder, or every one is shared with it. */
export function ArgumentFoldersNotice({ view }: { view: ServerView }): ReactNode {
  const host = useHost();
  const roots = useRootsView();
  const [folders, setFolders] = useState<string[]>([]);
  const launch = JSON.stringify(view.entry);
  useEffect(() => {
    let current = true;
    // A launch line that changed, or roots that changed, may leave other folders unshared.
    void launch;
    void roots;
    host.invoke('roots.argumentFolders', { server: view.name }).then(
      (found) => current && setFolders(found),
      () => current && setFolders([]),
    );
    return () => {
      current = false;
    };
  }, [host, view.name, launch, roots]);
  return <ShareArgumentFolder server={view.name} folders={folders} />;
}
