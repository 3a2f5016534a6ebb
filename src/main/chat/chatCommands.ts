// The conversation commands: list, open, create, rename, delete, choose model and tools, send and stop.
import type { CommandHandlers } from '../../shared/contract';
import type { ContextItem } from '../../shared/resources';
import type { ChatService } from './chatService';
import { conversationForPage } from './pageView';

type ChatCommandName = Extract<keyof CommandHandlers, `chat.${string}`>;

/** Puts back the whole of what a page attached by reference (see `resolveAttachments`). */
export type ResolveContext = (context: ContextItem[]) => Promise<ContextItem[]>;

export type ChatCommandHooks = {
  /** Hears of each deleted conversation, so what its app views wait for is cancelled. */
  deleted?: (id: string) => void;
  resolveContext?: ResolveContext;
};

export function chatCommands(
  chat: ChatService,
  { deleted = () => {}, resolveContext = async (context) => context }: ChatCommandHooks = {},
): Pick<CommandHandlers, ChatCommandName> {
  return {
    'chat.list': async () => chat.list(),
    'chat.get': async ({ id }) => conversationForPage(chat.get(id)),
    'chat.create': ({ model }) => chat.create(model),
    'chat.rename': ({ id, title }) => chat.rename(id, title),
    'chat.delete': async ({ id }) => {
      await chat.delete(id);
      deleted(id);
      return null;
    },
    'chat.setModel': ({ id, model }) => chat.setModel(id, model),
    'chat.setTools': async ({ id, tools }) => conversationForPage(await chat.setTools(id, tools)),
    'chat.send': async ({ id, text, context }) => {
      await chat.send(id, text, context && (await resolveContext(context)));
      return null;
    },
    'chat.stop': async ({ id }) => {
      chat.stop(id);
      return null;
    },
  };
}
