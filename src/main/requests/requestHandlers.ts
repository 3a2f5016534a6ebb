// Registers the host's answers to servers' requests (sampling, elicitation) on each server's MCP client.
import type { Client, ClientContext, JSONRPCRequest, Result } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { bounded } from '../json/bounded';
import type { ElicitationService, ElicitParams } from './elicitation';
import type { SamplingService } from './sampling';

export type RequestServices = { sampling: SamplingService; elicitation: ElicitationService };

// Kept whole: the SDK's own parse would drop keys such as `pattern` that the form checks.
const elicitParams = z.looseObject({
  mode: z.string().optional(),
  message: z.string(),
  requestedSchema: z.unknown().optional(),
  url: z.string().optional(),
  elicitationId: z.string().optional(),
});

/**
 * Answers `server`'s sampling and elicitation requests (both the older request style and the
 * 2026-07-28 `input_required` rounds). Call from `ConnectionOptions.onClientCreated`; the client
 * must declare `REQUEST_CAPABILITIES`. A server's `notifications/cancelled` aborts the request's signal.
 */
export function registerRequestHandlers(client: Client, server: string, services: RequestServices): void {
  screenFirst(client, {
    elicitation: (params) => services.elicitation.screen(server, params),
    sampling: (params) => services.sampling.screen(server, params),
  });
  // Requests are shown, kept and sent on: cut anything nested too deep for that.
  client.setRequestHandler('sampling/createMessage', (request, ctx) =>
    services.sampling.handle(server, bounded(request.params), ctx.mcpReq.signal),
  );
  client.setRequestHandler('elicitation/create', { params: elicitParams }, (params, ctx) =>
    services.elicitation.handle(server, bounded(params), ctx.mcpReq.signal),
  );
}

type RawHandler = (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>;
type WrapHook = { _wrapHandler?: (method: string, handler: RawHandler) => RawHandler };
const screened = new WeakSet<Client>();

const samplingMessages = z.looseObject({
  messages: z.array(z.looseObject({ role: z.enum(['user', 'assistant']), content: z.unknown() })),
});
type SamplingScreenParams = { messages: { role: 'user' | 'assistant'; content: never }[] };

type Screens = {
  elicitation: (params: ElicitParams) => Error | undefined;
  sampling: (params: SamplingScreenParams) => Error | undefined;
};

/**
 * The SDK validates an elicitation or sampling request against its own schema before any handler
 * runs, so a form outside the subset, or tool results mixed with text, would fail with a raw schema
 * dump and the person would never know. This runs our checks first, through the SDK's documented
 * per-handler wrapping hook (`_wrapHandler`), so the server gets a plain reason and the person a
 * `requests.refused` notice. Without the hook (a later SDK), the SDK's own refusal stands.
 */
function screenFirst(client: Client, screens: Screens): void {
  const hook = client as unknown as WrapHook;
  const sdkWrap = hook._wrapHandler;
  if (typeof sdkWrap !== 'function' || screened.has(client)) return;
  screened.add(client);
  hook._wrapHandler = (method, handler) => {
    const wrapped = sdkWrap.call(client, method, handler);
    if (method === 'elicitation/create') {
      return async (request, ctx) => {
        const params = elicitParams.safeParse(request.params);
        const refusal = params.success ? screens.elicitation(bounded(params.data)) : undefined;
        if (refusal) throw refusal;
        return wrapped(request, ctx);
      };
    }
    if (method === 'sampling/createMessage') {
      return async (request, ctx) => {
        const params = samplingMessages.safeParse(request.params);
        const refusal = params.success
          ? screens.sampling(bounded(params.data) as SamplingScreenParams)
          : undefined;
        if (refusal) throw refusal;
        return wrapped(request, ctx);
      };
    }
    return wrapped;
  };
}
