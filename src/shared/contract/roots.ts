// The commands and events of the folders shared with servers as roots, and of choosing a folder.
import { z } from 'zod';
import { serverNameSchema } from '../configSchema';
import type { FolderListing, RootsConfirmation, RootsView } from '../roots';
import { command, event } from './spec';

export const commands = {
  'roots.get': command(z.strictObject({})).returns<RootsView>(),
  /** Adds a folder after checking it exists, is a folder, and is not already shared (itself or nested). */
  'roots.add': command(
    z.strictObject({
      path: z.string().min(1).max(4096),
      name: z.string().trim().min(1).max(200).optional(),
    }),
  ).returns<RootsView>(),
  'roots.remove': command(z.strictObject({ uri: z.string().min(1) })).returns<RootsView>(),
  'roots.rename': command(
    z.strictObject({ uri: z.string().min(1), name: z.string().trim().min(1).max(200) }),
  ).returns<RootsView>(),
  /** Which roots one server sees: all (the default) or a subset. */
  'roots.setServer': command(
    z.strictObject({
      server: serverNameSchema,
      mode: z.enum(['all', 'subset']),
      uris: z.array(z.string().min(1)),
    }),
  ).returns<RootsView>(),
  /** Whether one server's sandbox may only read one shared folder (read-write by default). */
  'roots.setReadOnly': command(
    z.strictObject({ server: serverNameSchema, uri: z.string().min(1), readOnly: z.boolean() }),
  ).returns<RootsView>(),
  'roots.pending': command(z.strictObject({})).returns<RootsConfirmation[]>(),
  /** The existing folders the server's launch arguments name that it is not shown as roots. */
  'roots.argumentFolders': command(z.strictObject({ server: serverNameSchema })).returns<string[]>(),
  /** Shares one folder with one server, as the person asked with one click; other servers are not asked. */
  'roots.shareWith': command(
    z.strictObject({ server: serverNameSchema, path: z.string().min(1).max(4096) }),
  ).returns<RootsView>(),
  /**
   * The person's answer to "Share these folders with <server>?": a yes shares the folders shown, and
   * folders added later too only with `shareNew`.
   */
  'roots.confirm': command(
    z.strictObject({
      id: z.string().min(1),
      allow: z.boolean(),
      shareNew: z.boolean().optional(),
    }),
  ).returns<RootsView>(),
  /** The host's folder browser (browser mode): folders only, starting at the home folder. */
  'folders.list': command(z.strictObject({ path: z.string().max(4096).optional() })).returns<FolderListing>(),
  /** The native folder dialog (Electron); null where there is none or the person cancelled. */
  'folders.pick': command(z.strictObject({})).returns<string | null>(),
};

export const events = {
  'roots.changed': event<RootsView>(),
  'roots.confirmationRequested': event<RootsConfirmation>(),
  'roots.confirmationSettled': event<{ id: string }>(),
};
