// The shape of a registry's `server.json` documents and list pages, read leniently: unknown keys pass, bad entries are dropped.
import { z } from 'zod';

const text = z.string().max(10_000);

/** An input of server.json (an argument, environment variable, header or URL variable). */
const inputSchema = z.looseObject({
  description: text.optional(),
  isRequired: z.boolean().optional(),
  format: text.optional(),
  value: text.optional(),
  isSecret: z.boolean().optional(),
  default: text.optional(),
  placeholder: text.optional(),
  choices: z.array(text).max(200).optional(),
});

const withVariables = inputSchema.extend({
  variables: z.record(z.string(), inputSchema).optional(),
});

export const argumentSchema = withVariables.extend({
  type: z.enum(['positional', 'named']),
  name: text.optional(),
  valueHint: text.optional(),
  isRepeated: z.boolean().optional(),
});

export const keyValueSchema = withVariables.extend({ name: z.string().min(1).max(500) });

const remoteTransportSchema = z.looseObject({
  type: z.enum(['streamable-http', 'sse']),
  url: z.string().min(1).max(2048),
  headers: z.array(keyValueSchema).max(100).optional(),
  variables: z.record(z.string(), inputSchema).optional(),
});

const transportSchema = z.union([z.looseObject({ type: z.literal('stdio') }), remoteTransportSchema]);

export const packageSchema = z.looseObject({
  registryType: z.string().min(1).max(50),
  registryBaseUrl: text.optional(),
  identifier: z.string().min(1).max(2048),
  version: text.optional(),
  fileSha256: text.optional(),
  runtimeHint: text.optional(),
  transport: transportSchema.optional(),
  runtimeArguments: z.array(argumentSchema).max(200).optional(),
  packageArguments: z.array(argumentSchema).max(200).optional(),
  environmentVariables: z.array(keyValueSchema).max(200).optional(),
});

export const serverJsonSchema = z.looseObject({
  name: z.string().min(1).max(200),
  version: z.string().min(1).max(255),
  description: text.default(''),
  title: text.optional(),
  websiteUrl: text.optional(),
  repository: z.looseObject({ url: text.optional(), source: text.optional() }).optional(),
  icons: z
    .array(
      z.looseObject({
        src: z.string().max(100_000),
        mimeType: text.optional(),
        theme: z.enum(['light', 'dark']).optional(),
      }),
    )
    .max(20)
    .optional(),
  packages: z.array(packageSchema).max(50).optional(),
  remotes: z.array(remoteTransportSchema).max(50).optional(),
});

const OFFICIAL = 'io.modelcontextprotocol.registry/official';

/** One item of a list page: the server.json and the registry's own metadata. */
export const serverResponseSchema = z.looseObject({
  server: z.unknown(),
  _meta: z
    .looseObject({
      [OFFICIAL]: z
        .looseObject({
          status: z.string().optional(),
          isLatest: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
});

export const serverListSchema = z.looseObject({
  servers: z.array(z.unknown()).max(1000),
  metadata: z.looseObject({ nextCursor: z.string().max(2000).nullish() }).optional(),
});

export type ServerJson = z.infer<typeof serverJsonSchema>;
export type RegistryPackage = z.infer<typeof packageSchema>;
export type RegistryRemote = z.infer<typeof remoteTransportSchema>;
export type RegistryArgument = z.infer<typeof argumentSchema>;
export type RegistryKeyValue = z.infer<typeof keyValueSchema>;
export type RegistryInput = z.infer<typeof inputSchema>;

/** The registry's status of an item: a missing or unknown one counts as active. */
export function statusOf(item: z.infer<typeof serverResponseSchema>): 'active' | 'deprecated' | 'deleted' {
  const status = item._meta?.[OFFICIAL]?.status;
  return status === 'deprecated' || status === 'deleted' ? status : 'active';
}
