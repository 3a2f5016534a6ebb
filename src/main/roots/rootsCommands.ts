// The roots and folder-browser commands of the contract, over the roots service.
import type { CommandHandlers } from '../../shared/contract';
import type { ServerEntry } from '../../shared/types';
import { unsharedArgumentFolders } from './argumentFolders';
import { listFolders } from './folders';
import type { RootsService } from './service';

type RootsCommandName =
  | 'roots.get'
  | 'roots.add'
  | 'roots.remove'
  | 'roots.rename'
  | 'roots.setServer'
  | 'roots.setReadOnly'
  | 'roots.pending'
  | 'roots.confirm'
  | 'roots.argumentFolders'
  | 'roots.shareWith'
  | 'folders.list'
  | 'folders.pick';

/**
 * The handlers to spread into the host's commands; `entryOf` reads a server's entry, `pickFolder` is the
 * native folder dialog where there is one.
 */
export function rootsCommands(
  service: RootsService,
  entryOf: (server: string) => ServerEntry,
  pickFolder?: () => Promise<string | null>,
): Pick<CommandHandlers, RootsCommandName> {
  return {
    'roots.get': () => service.view(),
    'roots.add': ({ path, name }) => service.add(path, name),
    'roots.remove': ({ uri }) => service.remove(uri),
    'roots.rename': ({ uri, name }) => service.rename(uri, name),
    'roots.setServer': ({ server, mode, uris }) => service.setServer(server, mode, uris),
    'roots.setReadOnly': ({ server, uri, readOnly }) => service.setReadOnly(server, uri, readOnly),
    'roots.pending': async () => service.pending(),
    'roots.confirm': ({ id, allow, shareNew }) => service.confirm(id, allow, shareNew),
    'roots.argumentFolders': async ({ server }) =>
      unsharedArgumentFolders(entryOf(server), service.foldersOf(server)),
    'roots.shareWith': ({ server, path }) => service.shareWith(server, path),
    'folders.list': ({ path }) => listFolders(path),
    'folders.pick': async () => (pickFolder ? pickFolder() : null),
  };
}
