// The commands and events of approving what a server runs, and of importing servers from other apps.
import { z } from 'zod';
import { networkSchema, serverNameSchema } from '../configSchema';
import type { ImportScan } from '../importing';
import type { ServerApprovalRequest } from '../serverApprovals';
import { command, event } from './spec';

export const commands = {
  /** Servers that wait for the person's approval or were refused. */
  'approvals.list': command(z.strictObject({})).returns<ServerApprovalRequest[]>(),
  /** Approves or refuses what `name` runs, as identified by `identity` (the one the person was shown). */
  'approvals.answer': command(
    z.strictObject({
      name: serverNameSchema,
      identity: z.string().min(1).max(200),
      approve: z.boolean(),
      /** A local server's network as the person chose it: written into its entry and approved in the same step. */
      network: networkSchema.optional(),
    }),
  ).returns<null>(),
  /** Asks about a refused server again. */
  'approvals.review': command(z.strictObject({ name: serverNameSchema })).returns<null>(),
  /**
   * Finds servers to import: in the standard places of other apps (and the `roots` project folders),
   * or in the file at `path`, or in pasted `text`. `workspaceFolder` stands for `${workspaceFolder}`.
   */
  'import.scan': command(
    z.strictObject({
      roots: z.array(z.string().min(1).max(4096)).max(100).optional(),
      workspaceFolder: z.string().min(1).max(4096).optional(),
      path: z.string().min(1).max(4096).optional(),
      text: z.string().max(1_000_000).optional(),
    }),
  ).returns<ImportScan>(),
  /** Imports the chosen servers of a scan; each waits for the person's approval before it runs. */
  'import.add': command(
    z.strictObject({
      scanId: z.string().min(1).max(100),
      choices: z
        .array(
          z.strictObject({ key: z.string().min(1).max(20), clash: z.enum(['skip', 'rename', 'replace']) }),
        )
        .min(1)
        .max(1000),
    }),
  ).returns<{ added: string[]; skipped: string[] }>(),
};

export const events = {
  /** The servers waiting for approval or refused, all of them (after any change of the config or an answer). */
  'approvals.changed': event<ServerApprovalRequest[]>(),
};
