// How the host's servers are started and answered: client identity, capabilities, request handlers, filled variables, sign-in.
import type { FlowRoom } from './flow/flowRoom';
import type { HostOptions } from './hostOptions';
import type { PayloadStore } from './payloads/payloadStore';
import { REQUEST_CAPABILITIES } from './requests/capabilities';
import type { ElicitationService } from './requests/elicitation';
import type { InputService } from './requests/inputs';
import { registerRequestHandlers } from './requests/requestHandlers';
import type { SamplingService } from './requests/sampling';
import { answerTaskInput } from './requests/taskInput';
import { receiveTaskRequests } from './requests/taskReceiver';
import { ROOTS_CAPABILITY, type RootsService } from './roots/service';
import type { CredentialStore } from './servers/auth/credentials';
import { APPS_CAPABILITY } from './servers/catalogue/appMeta';
import { CatalogueCache } from './servers/catalogue/catalogueCache';
import { SKILLS_CAPABILITY } from './servers/catalogue/skills';
import type { ServerManager } from './servers/manager';
import { fillEnv } from './servers/references/entryReferences';
import { fillVariables } from './servers/references/variables';
import type { SandboxHooks } from './servers/session/connectionOptions';
import { FileEraCache } from './storage/eraCache';
import { referenceSources } from './trust/fillRules';
import type { ServerApprovals } from './trust/serverApprovals';

/** What every server connection is built with. */
export type ServerOptions = ConstructorParameters<typeof ServerManager>[0];

/** The parts that answer what a server asks. */
export type ServerAnswerers = {
  readonly elicitation: ElicitationService;
  readonly sampling: SamplingService;
  readonly roots: RootsService;
  readonly inputs: InputService;
  readonly approvals: ServerApprovals;
  /** The organisation's policy, which may block a server whatever the person approved. */
  readonly flow: Pick<FlowRoom, 'blocked'>;
};

/**
 * The options of the host's server connections. `data` names a file in the data folder, `frames`
 * keeps whole copies of large protocol frames, `credentials` holds sign-in tokens.
 */
export function serverOptions(
  options: HostOptions,
  answerers: ServerAnswerers,
  parts: {
    data: (name: string) => string;
    frames: PayloadStore;
    credentials: CredentialStore;
    onProblem: (message: string) => void;
    /** Where local servers run sandboxed; absent, they run as the user. */
    sandbox?: SandboxHooks;
  },
): ServerOptions {
  const { data, onProblem } = parts;
  return {
    clientInfo: { name: 'switchboard', version: '0.1.0' },
    initTimeoutMs: options.initTimeoutMs,
    callTimeoutMs: options.callTimeoutMs,
    backoffMs: options.restartBackoffMs,
    builtinScripts: options.builtinScripts,
    eraCache: new FileEraCache(data('protocol-eras.json'), onProblem),
    frames: parts.frames,
    catalogueCache: new CatalogueCache(data('catalogues'), { onProblem }),
    capabilities: {
      ...ROOTS_CAPABILITY,
      ...REQUEST_CAPABILITIES,
      extensions: { ...APPS_CAPABILITY.extensions, ...SKILLS_CAPABILITY.extensions },
    },
    onElicitationComplete: (server, elicitationId) => answerers.elicitation.complete(server, elicitationId),
    taskInput: (server, request, signal) =>
      answerTaskInput(
        {
          elicitation: answerers.elicitation,
          sampling: answerers.sampling,
          roots: (name) => answerers.roots.handleListRoots(name),
        },
        server,
        request,
        signal,
      ),
    onClientCreated: (client, server) => {
      const { sampling, elicitation } = answerers;
      answerers.roots.registerRootsHandler(client, server);
      registerRequestHandlers(client, server, { sampling, elicitation });
      receiveTaskRequests(client, server, { sampling, elicitation });
    },
    remote: (name) => ({ fill: (text) => fillVariables(text, sourcesFor(answerers, name)) }),
    fillEnv: (server, env) => fillEnv(server, env, sourcesFor(answerers, server)),
    inputUses: (server, entry) =>
      answerers.inputs.uses(server, entry, answerers.approvals.approvedFrom(server)),
    approval: (server, entry) =>
      answerers.flow.blocked(server, entry) ? 'blocked' : answerers.approvals.state(server, entry),
    sandbox: parts.sandbox,
    auth: { store: parts.credentials, openExternal: options.openExternal },
  };
}

/**
 * Where `server`'s references are filled from: the person's own entries read Switchboard's environment; an
 * entry approved after it came from elsewhere is given only values kept for it (asked of the person).
 */
function sourcesFor(answerers: ServerAnswerers, server: string) {
  return referenceSources(answerers.approvals.approvedFrom(server), {
    environment: (name) => process.env[name],
    serverValue: (id) => answerers.inputs.value(id, server),
  });
}
