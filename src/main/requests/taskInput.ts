// A task's request for input (elicitation, sampling, roots) answered through the same services as the server's own requests.
import type { ElicitationService, ElicitParams } from './elicitation';
import type { SamplingParams, SamplingService } from './sampling';

export type TaskInputServices = {
  elicitation: Pick<ElicitationService, 'handle'>;
  sampling: Pick<SamplingService, 'handle'>;
  roots: (server: string) => Promise<unknown>;
};

export type TaskInputRequest = {
  kind: 'elicitation' | 'sampling' | 'roots';
  params?: Record<string, unknown>;
};

/** The answer for `server`'s request, after the person (or a session budget) decided. */
export function answerTaskInput(
  services: TaskInputServices,
  server: string,
  request: TaskInputRequest,
  signal?: AbortSignal,
): Promise<unknown> {
  switch (request.kind) {
    case 'elicitation':
      return services.elicitation.handle(server, request.params as ElicitParams, signal);
    case 'sampling':
      return services.sampling.handle(server, request.params as SamplingParams, signal);
    case 'roots':
      return services.roots(server);
  }
}
