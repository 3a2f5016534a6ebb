// The MCP conformance client: the host's own ServerConnection and sign-in, driven by the official conformance
// runner (`conformance client --command "node scripts/conformance-client.mjs"`), with a person who approves
// every sign-in page and accepts every form as sent.

import { REQUEST_CAPABILITIES } from '../main/requests/capabilities';
import { CredentialStore } from '../main/servers/auth/credentials';
import { type MachineGrant, machineAuth } from '../main/servers/auth/machine';
import { ServerConnection } from '../main/servers/session/connection';
import type { SecretStore } from '../main/settings/secrets';
import type { RemoteServerEntry, ServerView, SignInPrompt } from '../shared/types';

/** The Client ID Metadata Document the runner's authorization servers expect (SEP-991). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
/** A server still refusing after this many sign-ins is refusing for good (auth/scope-retry-limit). */
const MAX_SIGN_INS = 3;
/** A failed start is retried as the app does, with the same restart policy (shorter waits). */
const RESTART = { backoffMs: [300, 600], maxFailures: 3 };

type Context = Record<string, string | undefined>;

/** The tools a scenario's server wants called, with their arguments. */
const CALLS: Record<string, Record<string, unknown>> = {
  add_numbers: { a: 5, b: 3 },
  test_client_elicitation_defaults: {},
  test_reconnection: {},
  'test-tool': {},
};

function memorySecrets(): SecretStore {
  const values = new Map<string, string>();
  return {
    get: async (id) => values.get(id),
    set: async (id, value) => {
      values.set(id, value);
    },
    delete: async (id) => {
      values.delete(id);
    },
  };
}

/** The machine grant a scenario's context describes, if it is one of the person-less scenarios. */
function machineGrant(scenario: string, context: Context): MachineGrant | undefined {
  const clientId = context.client_id ?? '';
  if (scenario === 'auth/client-credentials-basic') {
    return { kind: 'client-secret', clientId, clientSecret: context.client_secret ?? '' };
  }
  if (scenario === 'auth/client-credentials-jwt') {
    return {
      kind: 'private-key-jwt',
      clientId,
      privateKeyPem: context.private_key_pem ?? '',
      algorithm: context.signing_algorithm,
    };
  }
  if (scenario.startsWith('auth/cross-app-access')) {
    return {
      kind: 'cross-app',
      clientId,
      clientSecret: context.client_secret ?? '',
      idp: {
        clientId: context.idp_client_id ?? '',
        idToken: context.idp_id_token ?? '',
        tokenEndpoint: context.idp_token_endpoint ?? '',
      },
    };
  }
  return undefined;
}

/** What a person does in the browser: open the page; the test authorization servers answer at once with the redirect. */
async function approve(prompt: SignInPrompt): Promise<void> {
  const page = await fetch(prompt.url, { redirect: 'manual' });
  const back = page.headers.get('location');
  if (!back) throw new Error(`The authorization page did not send the browser back (HTTP ${page.status}).`);
  await (await fetch(back)).text();
}

function needsPerson(view: ServerView): boolean {
  return view.state.kind === 'sign-in-required' || (view.state.kind === 'running' && !!view.auth?.moreScopes);
}

async function signInWhileAsked(server: ServerConnection, signIns: { count: number }): Promise<void> {
  while (needsPerson(server.view())) {
    signIns.count += 1;
    if (signIns.count > MAX_SIGN_INS)
      throw new Error(`Still refused after ${MAX_SIGN_INS} sign-ins; giving up.`);
    const prompt = await server.auth.signIn();
    if (prompt) await approve(prompt);
    await server.auth.settled();
    const problem = server.view().auth?.problem;
    if (problem) throw new Error(problem);
  }
}

/** Waits while automatic restarts are still planned after a failed start (a reset connection, a slow server). */
async function restartsSettled(server: ServerConnection): Promise<void> {
  for (;;) {
    const state = server.view().state;
    const retrying =
      state.kind === 'restarting' || (state.kind === 'error' && state.error.retryAt !== undefined);
    if (!retrying || (state.kind === 'error' && state.error.gaveUp)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main(): Promise<void> {
  const serverUrl = process.argv[2];
  if (!serverUrl) throw new Error('Usage: node scripts/conformance-client.mjs <server-url>');
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Context;
  const grant = machineGrant(scenario, context);
  const entry: RemoteServerEntry = { type: 'http', url: serverUrl };
  if (scenario === 'auth/pre-registration' && context.client_id) {
    entry.oauth = { clientId: context.client_id, clientSecret: context.client_secret };
  }
  const server = new ServerConnection('conformance', entry, {
    clientInfo: { name: 'switchboard-conformance', version: '0.1.0' },
    capabilities: { roots: { listChanged: true }, ...REQUEST_CAPABILITIES },
    ...RESTART,
    auth: grant
      ? undefined
      : { store: new CredentialStore(memorySecrets()), clientMetadataUrl: CLIENT_METADATA_URL },
    remote: grant ? () => ({ auth: machineAuth(grant) }) : undefined,
    onClientCreated: (client) => {
      // The person accepts every form as it comes; the SDK fills in the defaults it declares.
      client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: {} }));
      client.setRequestHandler('roots/list', async () => ({ roots: [] }));
    },
  });
  const signIns = { count: 0 };
  try {
    await server.start();
    await restartsSettled(server);
    await signInWhileAsked(server, signIns);
    const state = server.view().state;
    if (state.kind !== 'running') throw new Error(`Not connected: ${JSON.stringify(state)}`);
    await server.listsSettled();
    for (const tool of server.view().tools) {
      const args = CALLS[tool.name];
      if (!args) continue;
      for (let attempt = 0; ; attempt++) {
        try {
          await server.callTool(tool.name, args);
          break;
        } catch (error) {
          if (attempt > 0 || !needsPerson(server.view())) throw error;
          await signInWhileAsked(server, signIns);
        }
      }
    }
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`conformance client: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
