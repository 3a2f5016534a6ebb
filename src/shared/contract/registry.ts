// The commands of Browse servers, bundles and install links: their validated inputs and their results (part of the contract).
import { z } from 'zod';
import { type BundleView, MAX_DROPPED_BUNDLE_BYTES } from '../bundles';
import { serverNameSchema } from '../configSchema';
import type { Discovery } from '../discovery';
import type { BringInResult, InstallPreview, RegistryPage, RegistrySettingsView } from '../registry';
import { command, type ResultOf } from './spec';

const choiceSchema = z.strictObject({
  kind: z.enum(['package', 'remote']),
  index: z.number().int().min(0).max(100),
});
const registryRef = {
  name: z.string().min(1).max(200),
  version: z.string().min(1).max(255),
  choice: choiceSchema,
};

export const commands = {
  /** Which registry Browse servers reads. */
  'registry.get': command(z.strictObject({})).returns<RegistrySettingsView>(),
  /** Reads another registry from now on (https, or http on this computer); null goes back to the official one. */
  'registry.setUrl': command(
    z.strictObject({ url: z.string().max(2048).nullable() }),
  ).returns<RegistrySettingsView>(),
  /** One page of servers; deprecated and deleted ones only when `includeRetired`. */
  'registry.search': command(
    z.strictObject({
      search: z.string().max(200),
      cursor: z.string().max(2000).optional(),
      includeRetired: z.boolean().optional(),
    }),
  ).returns<RegistryPage>(),
  /** An icon of an entry the last searches showed, as a checked data: URI; null when it may not be shown. */
  'registry.icon': command(z.strictObject({ src: z.string().min(1).max(100_000) })).returns<string | null>(),
  /** What installing one option asks for; a bundle option is downloaded, checked and opened. */
  'registry.prepare': command(z.strictObject(registryRef)).returns<
    { kind: 'entry'; preview: InstallPreview } | { kind: 'bundle'; bundle: BundleView }
  >(),
  /** Adds the option to config.json with the person's values, waiting for approval (secret values to the secret store). */
  'registry.install': command(
    z.strictObject({
      ...registryRef,
      serverName: serverNameSchema,
      values: z.record(z.string().max(300), z.string().max(10_000)),
    }),
  ).returns<BringInResult>(),
  /** Looks for MCP servers at a domain or address (its catalogue and server cards); what it finds is advisory. */
  'registry.discover': command(z.strictObject({ address: z.string().min(1).max(2048) })).returns<Discovery>(),
  /** Opens a .mcpb file on this computer: checks, verifies and unpacks it. */
  'bundles.open': command(z.strictObject({ path: z.string().min(1).max(4096) })).returns<BundleView>(),
  /** Opens a .mcpb file dropped on the window: its name and its bytes in base64 (at most MAX_DROPPED_BUNDLE_BYTES). */
  'bundles.drop': command(
    z.strictObject({
      name: z.string().min(1).max(255),
      data: z.string().max(Math.ceil(MAX_DROPPED_BUNDLE_BYTES / 3) * 4),
    }),
  ).returns<BundleView>(),
  /** Opens a .mcpb file the person chooses in the native file dialog (desktop app only); null when they cancel. */
  'bundles.pick': command(z.strictObject({})).returns<BundleView | null>(),
  /** Adds an opened bundle with its user_config values, waiting for approval. */
  'bundles.install': command(
    z.strictObject({
      id: z.string().min(1).max(100),
      serverName: serverNameSchema,
      values: z.record(
        z.string().max(200),
        z.union([z.string().max(10_000), z.array(z.string().max(10_000)).max(100)]),
      ),
    }),
  ).returns<BringInResult>(),
  /** Adds the server of an install link, waiting for approval; it never starts anything. */
  'links.open': command(
    z.strictObject({
      link: z
        .string()
        .min(1)
        .max(64 * 1024),
    }),
  ).returns<BringInResult>(),
};

/** What each registry, bundle and link command answers. */
export type RegistryCommandResults = { [N in keyof typeof commands]: ResultOf<(typeof commands)[N]> };
