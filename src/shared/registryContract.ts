// The commands of Browse servers, bundles and install links: their validated inputs and their results (part of the contract).
import { z } from 'zod';
import { type BundleView, MAX_DROPPED_BUNDLE_BYTES } from './bundles';
import { serverNameSchema } from './configSchema';
import type { BringInResult, InstallPreview, RegistryPage, RegistrySettingsView } from './registry';

const choiceSchema = z.strictObject({
  kind: z.enum(['package', 'remote']),
  index: z.number().int().min(0).max(100),
});
const registryRef = {
  name: z.string().min(1).max(200),
  version: z.string().min(1).max(255),
  choice: choiceSchema,
};

export const registryCommandInputs = {
  /** Which registry Browse servers reads. */
  'registry.get': z.strictObject({}),
  /** Reads another registry from now on (https, or http on this computer); null goes back to the official one. */
  'registry.setUrl': z.strictObject({ url: z.string().max(2048).nullable() }),
  /** One page of servers; deprecated and deleted ones only when `includeRetired`. */
  'registry.search': z.strictObject({
    search: z.string().max(200),
    cursor: z.string().max(2000).optional(),
    includeRetired: z.boolean().optional(),
  }),
  /** An icon of an entry the last searches showed, as a checked data: URI; null when it may not be shown. */
  'registry.icon': z.strictObject({ src: z.string().min(1).max(100_000) }),
  /** What installing one option asks for; a bundle option is downloaded, checked and opened. */
  'registry.prepare': z.strictObject(registryRef),
  /** Adds the option to config.json with the person's values, waiting for approval (secret values to the secret store). */
  'registry.install': z.strictObject({
    ...registryRef,
    serverName: serverNameSchema,
    values: z.record(z.string().max(300), z.string().max(10_000)),
  }),
  /** Opens a .mcpb file on this computer: checks, verifies and unpacks it. */
  'bundles.open': z.strictObject({ path: z.string().min(1).max(4096) }),
  /** Opens a .mcpb file dropped on the window: its name and its bytes in base64 (at most MAX_DROPPED_BUNDLE_BYTES). */
  'bundles.drop': z.strictObject({
    name: z.string().min(1).max(255),
    data: z.string().max(Math.ceil(MAX_DROPPED_BUNDLE_BYTES / 3) * 4),
  }),
  /** Opens a .mcpb file the person chooses in the native file dialog (desktop app only); null when they cancel. */
  'bundles.pick': z.strictObject({}),
  /** Adds an opened bundle with its user_config values, waiting for approval. */
  'bundles.install': z.strictObject({
    id: z.string().min(1).max(100),
    serverName: serverNameSchema,
    values: z.record(
      z.string().max(200),
      z.union([z.string().max(10_000), z.array(z.string().max(10_000)).max(100)]),
    ),
  }),
  /** Adds the server of an install link, waiting for approval; it never starts anything. */
  'links.open': z.strictObject({
    link: z
      .string()
      .min(1)
      .max(64 * 1024),
  }),
} as const;

export type RegistryCommandResults = {
  'registry.get': RegistrySettingsView;
  'registry.setUrl': RegistrySettingsView;
  'registry.search': RegistryPage;
  'registry.icon': string | null;
  'registry.prepare': { kind: 'entry'; preview: InstallPreview } | { kind: 'bundle'; bundle: BundleView };
  'registry.install': BringInResult;
  'bundles.open': BundleView;
  'bundles.drop': BundleView;
  'bundles.pick': BundleView | null;
  'bundles.install': BringInResult;
  'links.open': BringInResult;
};
