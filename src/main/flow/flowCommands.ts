// The flow commands: labels and review choices per tool, the person's choice on a result waiting for review.
import type { CommandHandlers } from '../../shared/contract';
import type { FlowRoom } from './flowRoom';

type FlowCommandName = Extract<keyof CommandHandlers, `flow.${string}`>;

export function flowCommands(flow: FlowRoom): Pick<CommandHandlers, FlowCommandName> {
  return {
    'flow.view': async () => flow.view(),
    'flow.setLabel': ({ server, tool, label, value }) => flow.setLabel(server, tool, label, value),
    'flow.setReview': ({ server, tool, value }) => flow.setReview(server, tool, value),
    'flow.review': async ({ conversationId, callId, give }) => {
      flow.answerReview(conversationId, callId, give);
      return null;
    },
  };
}
