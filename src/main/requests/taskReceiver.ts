// Sampling and elicitation a 2025-11-25 server asks for as tasks: the same dialogs, run as tasks the server polls.
import type { Client } from '@modelcontextprotocol/client';
import { bindTaskReceiver } from '@modelcontextprotocol/ext-tasks/receiver';
import type { RequestServices } from './requestHandlers';

/**
 * Lets `server` send `sampling/createMessage` and `elicitation/create` as tasks (the 2025-11-25
 * tasks of the protocol, through ext-tasks' receiver): each becomes a task the server polls, answered
 * through the same services as a plain request. Call before connecting; it declares the `tasks`
 * capability. Plain requests still go to the handlers registered before it.
 */
export function receiveTaskRequests(client: Client, server: string, services: RequestServices): void {
  const receiver = bindTaskReceiver(client, {
    methods: { 'sampling/createMessage': true, 'elicitation/create': true },
    ttlMs: 600_000,
    pollIntervalMs: 1000,
    sampling: async (request, { signal }) =>
      (await services.sampling.handle(server, request.params as never, signal)) as never,
    elicitation: async (request, { signal }) =>
      (await services.elicitation.handle(server, request.params as never, signal)) as never,
  });
  client.registerCapabilities({ tasks: receiver.capabilities } as never);
}
