// The commands and events of config.json: read, save, reload, and add, change or remove servers.
import { z } from 'zod';
import { serverEntrySchema, serverNameSchema } from '../configSchema';
import { INPUT_ID } from '../inputReferences';
import type { ConfigView } from '../types';
import { command, event } from './spec';

export const commands = {
  'config.get': command(z.strictObject({})).returns<ConfigView>(),
  /** Replace the whole file with this text (it must be valid); refused if the file is no longer at `version`. */
  'config.save': command(
    z.strictObject({ text: z.string(), version: z.string().min(1).max(200) }),
  ).returns<ConfigView>(),
  /** Reads the file again as it is on disk, and uses it when it is valid. */
  'config.reload': command(z.strictObject({})).returns<ConfigView>(),
  /**
   * Add or replace one server; `previousName` renames. `secrets` are values for the `${input:…}`
   * references of the entry, kept in the secret store (never in config.json), by input id.
   */
  'config.putServer': command(
    z.strictObject({
      name: serverNameSchema,
      entry: serverEntrySchema,
      previousName: serverNameSchema.optional(),
      secrets: z.record(z.string().regex(INPUT_ID), z.string().min(1).max(10_000)).optional(),
    }),
  ).returns<ConfigView>(),
  /** Adds several servers at once (a pasted `mcpServers` block); refused whole if a name is taken. */
  'config.addServers': command(
    z.strictObject({
      servers: z
        .array(z.strictObject({ name: serverNameSchema, entry: serverEntrySchema }))
        .min(1)
        .max(100),
    }),
  ).returns<ConfigView>(),
  'config.removeServer': command(z.strictObject({ name: serverNameSchema })).returns<ConfigView>(),
  'config.setDisabled': command(
    z.strictObject({ name: serverNameSchema, disabled: z.boolean() }),
  ).returns<ConfigView>(),
  /** Turns a server's app views on or off (off: its tools show text results only). */
  'config.setApps': command(
    z.strictObject({ name: serverNameSchema, enabled: z.boolean() }),
  ).returns<ConfigView>(),
};

export const events = {
  'config.changed': event<ConfigView>(),
};
