// Registers the host's answers to servers' requests (sampling, elicitation) on each server's MCP client.
import type { Client, ClientContext, JSONRPCRequest, Result } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { bounded } from '../json/bounded';
import type { ElicitationService, ElicitParams } from '../requests/elicitation';
import type { SamplingService } from '../requests/sampling';

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
  screenElicitationsFirst(client, (params) => services.elicitation.screen(server, params));
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

/**
 * The SDK validates an elicitation request against its own schema before any handler runs, so a
 * form outside the subset would fail with a raw schema dump and the person would never know. This
 * runs our check first, through the SDK's documented per-handler wrapping hook (`_wrapHandler`),
 * so the server gets a plain reason and the person a `requests.refused` notice. Without the hook
 * (a later SDK), the SDK's own refusal stands.
 */
function screenElicitationsFirst(client: Client, screen: (params: ElicitParams) => Error | undefined): void {
  const hook = client as unknown as WrapHook;
  const sdkWrap = hook._wrapHandler;
  if (typeof sdkWrap !== 'function' || screened.has(client)) return;
  screened.add(client);
  hook._wrapHandler = (method, handler) => {
    const wrapped = sdkWrap.call(client, method, handler);
    if (method !== 'elicitation/create') return wrapped;
    return async (request, ctx) => {
      const params = elicitParams.safeParse(request.params);
      const refusal = params.success ? screen(bounded(params.data)) : undefined;
      if (refusal) throw refusal;
      return wrapped(request, ctx);
    };
  };
}
