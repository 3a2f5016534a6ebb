// The conversation commands: list, open, search, create, rename, delete, model, tools and options, send, stop and the
// message actions (regenerate, edit, continue), defaults and export.
import { Buffer } from 'node:buffer';
import type { CommandHandlers } from '../../shared/contract';
import type { ContextItem } from '../../shared/resources';
import type { ChatService } from './chatService';
import { exportConversation } from './exportConversation';
import { conversationForPage } from './pageView';

type ChatCommandName = Extract<keyof CommandHandlers, `chat.${string}`>;

/** Puts back the whole of what a page attached by reference (see `resolveAttachments`), and loads attached skills. */
export type ResolveContext = (context: ContextItem[], conversationId: string) => Promise<ContextItem[]>;

export type ChatCommandOptions = {
  /** Hears of each deleted conversation, so what its app views wait for is cancelled. */
  deleted?: (id: string) => void;
  /** Puts back the whole of what a page attached by reference. */
  resolveContext?: ResolveContext;
  /** Asks where to save and writes the file (Electron); absent in browser mode, where the window downloads it. */
  saveFile?: (suggestedName: string, data: Buffer) => Promise<boolean>;
};

export function chatCommands(
  chat: ChatService,
  options: ChatCommandOptions = {},
): Pick<CommandHandlers, ChatCommandName> {
  const { deleted = () => {}, resolveContext = async (context) => context, saveFile } = options;
  return {
    'chat.list': async () => chat.list(),
    'chat.get': async ({ id }) => conversationForPage(chat.get(id)),
    'chat.search': async ({ query }) => chat.search(query),
    'chat.create': ({ model }) => chat.create(model),
    'chat.rename': ({ id, title }) => chat.rename(id, title),
    'chat.delete': async ({ id }) => {
      await chat.delete(id);
      deleted(id);
      return null;
    },
    'chat.setModel': ({ id, model }) => chat.setModel(id, model),
    'chat.setTools': async ({ id, tools }) => conversationForPage(await chat.setTools(id, tools)),
    'chat.setOptions': ({ id, systemPrompt, temperature }) =>
      chat.setOptions(id, { systemPrompt, temperature }),
    'chat.defaults': async () => chat.defaults(),
    'chat.setDefaults': (defaults) => chat.setDefaults(defaults),
    'chat.send': async ({ id, text, context }) => {
      await chat.send(id, text, context && (await resolveContext(context, id)));
      return null;
    },
    'chat.regenerate': async ({ id }) => {
      await chat.regenerate(id);
      return null;
    },
    'chat.edit': async ({ id, messageId, text }) => {
      await chat.edit(id, messageId, text);
      return null;
    },
    'chat.continue': async ({ id }) => {
      await chat.continue(id);
      return null;
    },
    'chat.compact': ({ id }) => chat.compact(id),
    'chat.undoCompaction': ({ id }) => chat.undoCompaction(id),
    'chat.stop': async ({ id }) => {
      chat.stop(id);
      return null;
    },
    'chat.export': async ({ id, format }) => {
      const { fileName, text } = exportConversation(chat.get(id), format);
      if (!saveFile) return { saved: false, fileName, text };
      return { saved: await saveFile(fileName, Buffer.from(text, 'utf8')), fileName };
    },
  };
}
