// The conversation commands: list, open, create, rename, delete, choose model and tools, send and stop.
import type { CommandHandlers } from '../../shared/contract';
import type { ChatService } from './chatService';

type ChatCommandName = Extract<keyof CommandHandlers, `chat.${string}`>;

/** `deleted` hears of each deleted conversation, so what its app views wait for is cancelled. */
export function chatCommands(
  chat: ChatService,
  deleted: (id: string) => void = () => {},
): Pick<CommandHandlers, ChatCommandName> {
  return {
    'chat.list': async () => chat.list(),
    'chat.get': async ({ id }) => chat.get(id),
    'chat.create': ({ model }) => chat.create(model),
    'chat.rename': ({ id, title }) => chat.rename(id, title),
    'chat.delete': async ({ id }) => {
      await chat.delete(id);
      deleted(id);
      return null;
    },
    'chat.setModel': ({ id, model }) => chat.setModel(id, model),
    'chat.setTools': ({ id, tools }) => chat.setTools(id, tools),
    'chat.send': async ({ id, text, context }) => {
      await chat.send(id, text, context);
      return null;
    },
    'chat.stop': async ({ id }) => {
      chat.stop(id);
      return null;
    },
  };
}
