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
  // biome-ignore lint/correctness/useExhaustiveDependencies: the host reads the launch line and the roots, so either changing asks again.
  useEffect(() => {
    let current = true;
    host.invoke('roots.argumentFolders', { server: view.name }).then(
      (found) => current && setFolders(found),
      // The server left the config meanwhile: there is nothing to offer for it.
      () => current && setFolders([]),
    );
    return () => {
      current = false;
    };
  }, [host, view.name, launch, roots]);
  return <ShareArgumentFolder server={view.name} folders={folders} />;
}
