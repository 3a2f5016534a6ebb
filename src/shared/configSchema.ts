// The config.json schema: Claude Desktop's `mcpServers` shape plus remote entries.
import { z } from 'zod';
import { PROVIDER_TYPES } from './chat';
import { formatHostText, type HostText, isHostText } from './hostText';
import { nameRecordSchema } from './nameRecordSchema';
import { remoteUrlProblem } from './remoteUrl';
import { isHostEntry } from './sandbox';
import { isSocketAddress } from './socketAddress';
import { JWT_ALGORITHMS } from './types';

/** The schema's own problems: each is the message `host.schema.<code>` of the host catalogue. */
export type SchemaProblemCode =
  | 'nameMissing'
  | 'nameTooLong'
  | 'nameCharacters'
  | 'notAHost'
  | 'network'
  | 'notEmpty'
  | 'issuer'
  | 'privateKeyOnce'
  | 'idpTokenEndpoint'
  | 'idTokenOnce'
  | 'grant'
  | 'socketType'
  | 'socketOauth'
  | 'inputIdCharacters'
  | 'inputType'
  | 'bothKinds'
  | 'providerIdCharacters'
  | 'baseUrl'
  | 'toolSetName'
  | 'toolSetNames'
  | 'toolSetDefault';

/** The schema's problems by the English zod carries as their message, to say each issue by id again. */
const problemsByMessage = new Map<string, HostText>();

/** A schema problem by id in the host catalogue. */
export function schemaProblemText(code: SchemaProblemCode, values?: Record<string, string>): HostText {
  return { id: `host.schema.${code}`, ...(values && { values }) };
}

/** A schema problem in the host's English (zod's message for it); `issueText` finds its id again. */
export function schemaProblem(code: SchemaProblemCode, values?: Record<string, string>): string {
  const text = schemaProblemText(code, values);
  const english = formatHostText(text);
  problemsByMessage.set(english, text);
  return english;
}

/** A custom issue that carries its words by id (`params.text`). */
function customIssue(text: HostText, path?: PropertyKey[]) {
  return { code: 'custom' as const, message: formatHostText(text), params: { text }, ...(path && { path }) };
}

/**
 * A zod issue of these schemas said by id: the schema's own problems and the address checks. Undefined for
 * zod's own words (`Invalid input: …`), which stay as zod wrote them.
 */
export function issueText(issue: { code: string; message: string; params?: unknown }): HostText | undefined {
  const given = issue.code === 'custom' ? (issue.params as { text?: unknown } | undefined)?.text : undefined;
  if (isHostText(given)) return given;
  return problemsByMessage.get(issue.message);
}

/** A zod issue as a value of a host message: by id where the schema said it, else as zod wrote it. */
export function issueWords(issue: { code: string; message: string; params?: unknown }): HostText | string {
  return issueText(issue) ?? issue.message;
}

/** The first issue zod found, as `issueWords` says it. */
export function firstIssueWords(error: {
  issues: readonly { code: string; message: string; params?: unknown }[];
}): HostText | string | undefined {
  const issue = error.issues[0];
  return issue && issueWords(issue);
}

/** Server names become tool-name prefixes and file keys: keep them plain. */
export const serverNameSchema = z
  .string()
  .min(1, schemaProblem('nameMissing'))
  .max(64, schemaProblem('nameTooLong'))
  .regex(/^[\p{L}\p{N} ._-]+$/u, schemaProblem('nameCharacters'));

const stringMap = z.record(z.string(), z.string());

const hostEntry = z.string().superRefine((entry, context) => {
  if (!isHostEntry(entry)) context.addIssue(customIssue(schemaProblemText('notAHost', { entry })));
});

/** Where a sandboxed server may connect: nowhere, anywhere, or only the hosts listed. */
export const networkSchema = z.union([z.enum(['none', 'any']), z.array(hostEntry).max(200)], {
  error: schemaProblem('network'),
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
  issuer: z.url({ protocol: /^https?$/, error: schemaProblem('issuer') }).optional(),
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
    message: schemaProblem('privateKeyOnce'),
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
      error: schemaProblem('idpTokenEndpoint'),
    }),
    idpClientId: nonEmpty('idpClientId'),
    idpClientSecret: nonEmpty('idpClientSecret').optional(),
    /** The ID token itself, usually `${input:…}`. */
    idToken: nonEmpty('idToken').optional(),
    /** A file another tool keeps the current ID token in; read again for every exchange. */
    idTokenFile: nonEmpty('idTokenFile').optional(),
  })
  .refine((value) => (value.idToken === undefined) !== (value.idTokenFile === undefined), {
    message: schemaProblem('idTokenOnce'),
  });

/** How a remote server's OAuth client gets its tokens: `grant` absent is a browser sign-in. */
export const oauthSchema = z.discriminatedUnion(
  'grant',
  [oauthClientSchema, clientCredentialsSchema, privateKeyJwtSchema, crossAppSchema],
  {
    error: schemaProblem('grant'),
  },
);

/** `type` absent: Streamable HTTP first, the older HTTP+SSE transport when the server answers as the spec's backwards-compatibility section describes. */
const remoteShape = {
  type: z.enum(['http', 'sse']).optional(),
  url: z.string().superRefine((url, context) => {
    const problem = remoteUrlProblem(url);
    if (problem) context.addIssue(customIssue(problem));
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
  if (entry.type === 'sse') context.addIssue(customIssue(schemaProblemText('socketType'), ['type']));
  if (entry.oauth !== undefined) context.addIssue(customIssue(schemaProblemText('socketOauth'), ['oauth']));
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
    .regex(/^[A-Za-z0-9_.-]+$/, schemaProblem('inputIdCharacters')),
  type: z.literal('promptString', { error: schemaProblem('inputType') }),
  description: z.string().max(500).optional(),
  password: z.boolean().optional(),
});

export const serverEntrySchema = z.union([stdioServerSchema, remoteServerSchema]);

const BOTH_KINDS = schemaProblem('bothKinds');

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
    .regex(/^[A-Za-z0-9_-]+$/, schemaProblem('providerIdCharacters')),
  type: z.enum(PROVIDER_TYPES),
  baseURL: z.url({ protocol: /^https?$/, error: schemaProblem('baseUrl') }).optional(),
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
  name: z.string().trim().min(1, schemaProblem('toolSetName')).max(100),
  servers: z.array(serverNameSchema).optional(),
  tools: toolKeysSchema.optional(),
  pinned: toolKeysSchema.optional(),
  /** The set new conversations start with; at most one set is the default. */
  default: z.boolean().optional(),
});

export const toolSetsSchema = z
  .array(toolSetSchema)
  .refine((sets) => new Set(sets.map((set) => set.name)).size === sets.length, schemaProblem('toolSetNames'))
  .refine((sets) => sets.filter((set) => set.default).length <= 1, schemaProblem('toolSetDefault'));

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
