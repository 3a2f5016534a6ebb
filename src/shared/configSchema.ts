// The config.json schema: Claude Desktop's `mcpServers` shape plus remote entries.
import { z } from 'zod';
import { PROVIDER_TYPES } from './chat';

/** Server names become tool-name prefixes and file keys: keep them plain. */
export const serverNameSchema = z
  .string()
  .min(1, 'A server needs a name')
  .max(64, 'A server name has at most 64 characters')
  .regex(/^[\p{L}\p{N} ._-]+$/u, 'Use letters, digits, spaces, dots, dashes or underscores');

const stringMap = z.record(z.string(), z.string());

export const stdioServerSchema = z.strictObject({
  type: z.literal('stdio').optional(),
  command: z.string().min(1, 'command must not be empty'),
  args: z.array(z.string()).optional(),
  env: stringMap.optional(),
  cwd: z.string().min(1).optional(),
  disabled: z.boolean().optional(),
  /** `false`: not started at launch, but on first use (its cached tools are offered meanwhile). */
  autoStart: z.boolean().optional(),
});

export const remoteServerSchema = z.strictObject({
  type: z.enum(['http', 'sse']),
  url: z.url({ protocol: /^https?$/, error: 'url must be an http:// or https:// address' }),
  headers: stringMap.optional(),
  disabled: z.boolean().optional(),
  autoStart: z.boolean().optional(),
});

export const serverEntrySchema = z.union([stdioServerSchema, remoteServerSchema]);

export const providerConfigSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, dashes or underscores'),
  type: z.enum(PROVIDER_TYPES),
  baseURL: z
    .url({ protocol: /^https?$/, error: 'baseURL must be an http:// or https:// address' })
    .optional(),
  apiKey: z.string().min(1).optional(),
  apiKeyEnv: z.string().min(1).optional(),
  models: z.array(z.string().min(1)).default([]),
});

export const modelsConfigSchema = z.strictObject({
  providers: z.array(providerConfigSchema).default([]),
  /** `providerId/modelId`. */
  default: z.string().min(3).optional(),
});

/** Unknown top-level keys are kept: other settings live in the same file. */
export const configSchema = z.looseObject({
  mcpServers: z.record(serverNameSchema, serverEntrySchema).default({}),
  models: modelsConfigSchema.optional(),
});

export type ProviderConfig = z.infer<typeof providerConfigSchema>;

export type ConfigFile = z.infer<typeof configSchema>;
