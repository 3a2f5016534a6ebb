// The config.json schema: Claude Desktop's `mcpServers` shape plus remote entries.
import { z } from 'zod';
import { PROVIDER_TYPES } from './chat';
import { nameRecordSchema } from './nameRecordSchema';
import { remoteUrlProblem } from './remoteUrl';
import { isHostEntry, NOT_A_HOST } from './sandbox';
import { isSocketAddress } from './socketAddress';
import { JWT_ALGORITHMS } from './types';

/**
 * The schema's own problems, by code. The host reports them in these English words (its logs, config
 * problems); the page finds the code again with `schemaProblemOf` and says it in its language.
 */
export const SCHEMA_PROBLEMS = {
  // i18n-ignore: the host’s English; the page words it by code
  nameMissing: 'A server needs a name',
  // i18n-ignore: the host’s English; the page words it by code
  nameTooLong: 'A server name has at most 64 characters',
  // i18n-ignore: the host’s English; the page words it by code
  nameCharacters: 'Use letters, digits, spaces, dots, dashes or underscores',
  notAHost: NOT_A_HOST,
  network: 'network must be "none", "any" or a list of hosts',
  notEmpty: '{field} must not be empty',
  issuer: 'issuer must be the authorization server’s https:// address',
  // i18n-ignore: the host’s English; the page words it by code
  privateKeyOnce: 'Give the private key either as privateKey or as privateKeyFile (one of them)',
  idpTokenEndpoint: 'idpTokenEndpoint must be the identity provider’s https:// token endpoint',
  // i18n-ignore: the host’s English; the page words it by code
  idTokenOnce: 'Give the ID token either as idToken or as idTokenFile (one of them)',
  grant:
    'grant must be "client_credentials", "private_key_jwt" or "cross_app" (or left out to sign in with a browser)',
  socketType:
    'a server on a local socket is reached over Streamable HTTP: set type to "http" or leave it out',
  socketOauth:
    'a server on a local socket does not sign in (the socket’s file permissions decide who may connect): remove oauth',
  // i18n-ignore: the host’s English; the page words it by code
  inputIdCharacters: 'Use letters, digits, dots, dashes or underscores',
  inputType: 'Only "promptString" inputs are supported',
  // i18n-ignore: the host’s English; the page words it by code
  bothKinds: 'A server has either a command (a local program) or a url (a remote server), not both',
  // i18n-ignore: the host’s English; the page words it by code
  providerIdCharacters: 'Use letters, digits, dashes or underscores',
  baseUrl: 'baseURL must be an http:// or https:// address',
  // i18n-ignore: the host’s English; the page words it by code
  toolSetName: 'A tool set needs a name',
  // i18n-ignore: the host’s English; the page words it by code
  toolSetNames: 'Each tool set needs its own name',
  // i18n-ignore: the host’s English; the page words it by code
  toolSetDefault: 'Only one tool set can be the default',
} as const;

export type SchemaProblemCode = keyof typeof SCHEMA_PROBLEMS;

/** A schema problem in the host's English, its `{name}` places filled from `values`. */
export function schemaProblem(code: SchemaProblemCode, values: Record<string, string> = {}): string {
  return SCHEMA_PROBLEMS[code].replace(/\{(\w+)\}/g, (place, name: string) => values[name] ?? place);
}

/** Which schema problem `message` is, with the values in its places; undefined for any other message (zod's own, say). */
export function schemaProblemOf(
  message: string,
): { code: SchemaProblemCode; values: Record<string, string> } | undefined {
  for (const code of Object.keys(SCHEMA_PROBLEMS) as SchemaProblemCode[]) {
    const names: string[] = [];
    const pattern = SCHEMA_PROBLEMS[code]
      .split(/\{(\w+)\}/)
      .map((part, index) => {
        if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part);
        return '(.*)';
      })
      .join('');
    const match = new RegExp(`^${pattern}$`, 's').exec(message);
    if (match)
      return { code, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])) };
  }
  return undefined;
}

/** Server names become tool-name prefixes and file keys: keep them plain. */
export const serverNameSchema = z
  .string()
  .min(1, SCHEMA_PROBLEMS.nameMissing)
  .max(64, SCHEMA_PROBLEMS.nameTooLong)
  .regex(/^[\p{L}\p{N} ._-]+$/u, SCHEMA_PROBLEMS.nameCharacters);

const stringMap = z.record(z.string(), z.string());

const hostEntry = z.string().superRefine((entry, context) => {
  if (!isHostEntry(entry))
    context.addIssue({ code: 'custom', message: schemaProblem('notAHost', { entry }) });
});

/** Where a sandboxed server may connect: nowhere, anywhere, or only the hosts listed. */
export const networkSchema = z.union([z.enum(['none', 'any']), z.array(hostEntry).max(200)], {
  error: SCHEMA_PROBLEMS.network,
});

/** `false`: runs as the user, seeing everything they can; an object: sandboxed, `network` absent meaning the default list. */
export const sandboxSchema = z.union([
  z.literal(false),
  z.strictObject({ network: networkSchema.optional() }),
]);

const stdioShape = {
  type: z.literal('stdio').optional(),
  command: z.string().min(1, schemaProblem('notEmpty', { field: 'command' })),
  args: z.array(z.string()).optional(),
  env: stringMap.optional(),
  cwd: z.string().min(1).optional(),
  disabled: z.boolean().optional(),
  apps: z.boolean().optional(),
  /** `false`: not started at launch, but on first use (its cached tools are offered meanwhile). */
  autoStart: z.boolean().optional(),
  sandbox: sandboxSchema.optional(),
};

/** A local server as the app writes it: only the keys Switchboard knows. */
export const stdioServerSchema = z.strictObject(stdioShape);

/** A client registered with the server's authorization server beforehand (the first choice of client identity). */
export const oauthClientSchema = z.strictObject({
  /** Absent: the person signs in with a browser (the authorization code flow). */
  grant: z.literal('authorization_code').optional(),
  clientId: z.string().min(1, schemaProblem('notEmpty', { field: 'clientId' })),
  clientSecret: z.string().min(1).optional(),
  scopes: z.array(z.string().min(1)).optional(),
});

const nonEmpty = (field: string) => z.string().min(1, schemaProblem('notEmpty', { field }));

/** What every grant without a person shares: the client, the scopes, and the authorization server it may go to. */
const machineFields = {
  clientId: nonEmpty('clientId'),
  scopes: z.array(z.string().min(1)).optional(),
  /** The authorization server's issuer: the client's credentials are sent nowhere else. */
  issuer: z.url({ protocol: /^https?$/, error: SCHEMA_PROBLEMS.issuer }).optional(),
};

/** OAuth client credentials with a client secret (client_secret_basic or client_secret_post). */
export const clientCredentialsSchema = z.strictObject({
  grant: z.literal('client_credentials'),
  ...machineFields,
  clientSecret: nonEmpty('clientSecret'),
});

/** OAuth client credentials, the client proving itself with a JWT signed by its private key (RFC 7523). */
export const privateKeyJwtSchema = z
  .strictObject({
    grant: z.literal('private_key_jwt'),
    ...machineFields,
    /** The PEM private key itself, usually `${input:…}`. */
    privateKey: nonEmpty('privateKey').optional(),
    /** A file holding the PEM private key. */
    privateKeyFile: nonEmpty('privateKeyFile').optional(),
    /** The signing algorithm; absent: chosen from the key (ES256 for P-256, RS256 for RSA …). */
    algorithm: z.enum(JWT_ALGORITHMS).optional(),
  })
  .refine((value) => (value.privateKey === undefined) !== (value.privateKeyFile === undefined), {
    message: SCHEMA_PROBLEMS.privateKeyOnce,
  });

/** Enterprise-managed authorization: an ID token from the company's IdP, exchanged there for an ID-JAG, then for an access token. */
export const crossAppSchema = z
  .strictObject({
    grant: z.literal('cross_app'),
    ...machineFields,
    clientSecret: nonEmpty('clientSecret'),
    /** The IdP's token endpoint, where the ID token is exchanged (RFC 8693). */
    idpTokenEndpoint: z.url({
      protocol: /^https?$/,
      error: SCHEMA_PROBLEMS.idpTokenEndpoint,
    }),
    idpClientId: nonEmpty('idpClientId'),
    idpClientSecret: nonEmpty('idpClientSecret').optional(),
    /** The ID token itself, usually `${input:…}`. */
    idToken: nonEmpty('idToken').optional(),
    /** A file another tool keeps the current ID token in; read again for every exchange. */
    idTokenFile: nonEmpty('idTokenFile').optional(),
  })
  .refine((value) => (value.idToken === undefined) !== (value.idTokenFile === undefined), {
    message: SCHEMA_PROBLEMS.idTokenOnce,
  });

/** How a remote server's OAuth client gets its tokens: `grant` absent is a browser sign-in. */
export const oauthSchema = z.discriminatedUnion(
  'grant',
  [oauthClientSchema, clientCredentialsSchema, privateKeyJwtSchema, crossAppSchema],
  {
    error: SCHEMA_PROBLEMS.grant,
  },
);

/** `type` absent: Streamable HTTP first, the older HTTP+SSE transport when the server answers as the spec's backwards-compatibility section describes. */
const remoteShape = {
  type: z.enum(['http', 'sse']).optional(),
  url: z.string().superRefine((url, context) => {
    const problem = remoteUrlProblem(url);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  headers: stringMap.optional(),
  oauth: oauthSchema.optional(),
  disabled: z.boolean().optional(),
  apps: z.boolean().optional(),
  autoStart: z.boolean().optional(),
};

/** A server on a local socket speaks Streamable HTTP only, and does not sign in: the socket's permissions decide who connects. */
function checkSocketEntry(entry: { url: string; type?: string; oauth?: unknown }, context: z.RefinementCtx) {
  if (!isSocketAddress(entry.url)) return;
  if (entry.type === 'sse')
    context.addIssue({
      code: 'custom',
      path: ['type'],
      message: SCHEMA_PROBLEMS.socketType,
    });
  if (entry.oauth !== undefined)
    context.addIssue({
      code: 'custom',
      path: ['oauth'],
      message: SCHEMA_PROBLEMS.socketOauth,
    });
}

/** A remote server as the app writes it: only the keys Switchboard knows. */
export const remoteServerSchema = z.strictObject(remoteShape).superRefine(checkSocketEntry);

/** The keys Switchboard knows in a local and in a remote entry; any other key is kept and ignored. */
export const STDIO_KEYS: ReadonlySet<string> = new Set(Object.keys(stdioShape));
export const REMOTE_KEYS: ReadonlySet<string> = new Set(Object.keys(remoteShape));

/** A value the person is asked for once (VS Code's `inputs`), referenced as `${input:id}` and kept in the secret store. */
export const inputSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, SCHEMA_PROBLEMS.inputIdCharacters),
  type: z.literal('promptString', { error: SCHEMA_PROBLEMS.inputType }),
  description: z.string().max(500).optional(),
  password: z.boolean().optional(),
});

export const serverEntrySchema = z.union([stdioServerSchema, remoteServerSchema]);

const BOTH_KINDS = SCHEMA_PROBLEMS.bothKinds;

/**
 * A server entry as config.json holds it: keys Switchboard does not know (another app's, such as Cline's
 * `autoApprove`, or a later version's) are kept and ignored rather than refused.
 */
export const configEntrySchema = z.union([
  // The other kind's key is checked with the rest, so a wrong value is reported for the kind the entry is.
  z.looseObject({ ...stdioShape, url: z.never({ error: BOTH_KINDS }).optional() }),
  z
    .looseObject({ ...remoteShape, command: z.never({ error: BOTH_KINDS }).optional() })
    .superRefine(checkSocketEntry),
]);

export const providerConfigSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, SCHEMA_PROBLEMS.providerIdCharacters),
  type: z.enum(PROVIDER_TYPES),
  baseURL: z.url({ protocol: /^https?$/, error: SCHEMA_PROBLEMS.baseUrl }).optional(),
  apiKey: z.string().min(1).optional(),
  apiKeyEnv: z.string().min(1).optional(),
  models: z.array(z.string().min(1)).default([]),
});

export const modelsConfigSchema = z.strictObject({
  providers: z.array(providerConfigSchema).default([]),
  /** `providerId/modelId`. */
  default: z.string().min(3).optional(),
});

const toolKeysSchema = z.array(z.strictObject({ server: serverNameSchema, tool: z.string().min(1) }));

/** A named choice of servers and single tools, and the tools it pins (see shared/toolSelection). */
export const toolSetSchema = z.strictObject({
  name: z.string().trim().min(1, SCHEMA_PROBLEMS.toolSetName).max(100),
  servers: z.array(serverNameSchema).optional(),
  tools: toolKeysSchema.optional(),
  pinned: toolKeysSchema.optional(),
  /** The set new conversations start with; at most one set is the default. */
  default: z.boolean().optional(),
});

export const toolSetsSchema = z
  .array(toolSetSchema)
  .refine((sets) => new Set(sets.map((set) => set.name)).size === sets.length, SCHEMA_PROBLEMS.toolSetNames)
  .refine((sets) => sets.filter((set) => set.default).length <= 1, SCHEMA_PROBLEMS.toolSetDefault);

/** The shape of config.json for editors' hints and completion; `configSchema` is what the host parses with. */
export const configShapeSchema = z.looseObject({
  mcpServers: z.record(serverNameSchema, configEntrySchema).default({}),
  inputs: z.array(inputSchema).optional(),
  models: modelsConfigSchema.optional(),
  toolSets: toolSetsSchema.optional(),
});

/** Unknown top-level keys are kept: other settings live in the same file. */
export const configSchema = z.looseObject({
  mcpServers: nameRecordSchema(serverNameSchema, configEntrySchema),
  inputs: z.array(inputSchema).optional(),
  models: modelsConfigSchema.optional(),
  toolSets: toolSetsSchema.optional(),
});

export type InputConfig = z.infer<typeof inputSchema>;

export type ProviderConfig = z.infer<typeof providerConfigSchema>;

export type ConfigFile = z.infer<typeof configSchema>;
