// The commands of the sampling and elicitation dialogs.
import type { CommandHandlers } from '../../shared/contract';
import type { ElicitationService } from './elicitation';
import type { SamplingService } from './sampling';

type RequestCommandName =
  | 'sampling.pending'
  | 'sampling.approve'
  | 'sampling.send'
  | 'sampling.reject'
  | 'sampling.policies'
  | 'sampling.setPolicy'
  | 'elicitation.pending'
  | 'elicitation.answer';

/** The commands of the sampling and elicitation dialogs, for `Host.commands`. */
export function requestCommands(
  sampling: SamplingService,
  elicitation: ElicitationService,
): Pick<CommandHandlers, RequestCommandName> {
  return {
    'sampling.pending': async () => sampling.pending(),
    'sampling.approve': async ({ id, ...approval }) => {
      await sampling.approve(id, approval);
      return null;
    },
    'sampling.send': async ({ id, text }) => {
      sampling.send(id, text);
      return null;
    },
    'sampling.reject': async ({ id }) => {
      sampling.reject(id);
      return null;
    },
    'sampling.policies': async () => sampling.policies(),
    'sampling.setPolicy': async ({ server, mode, tokenBudget }) =>
      sampling.setPolicy(server, mode, tokenBudget),
    'elicitation.pending': async () => elicitation.pending(),
    'elicitation.answer': async ({ id, action, content }) => {
      await elicitation.answer(id, action, content);
      return null;
    },
  };
}
