// A whole host for one test: its own data folder and config, the scripted model, and a way to chat and wait.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Host } from '../src/main/host';
import type { AssistantMessage, ChatMessage } from '../src/shared/chat';
import type { EventName, Events } from '../src/shared/contract';
import type { ContextItem } from '../src/shared/resources';
import type { ServerEntry } from '../src/shared/types';
import { until } from './helpers';
import { type ScriptedModel, startModel } from './scriptedModel';

export { type ScriptedModel, startModel };

export type HostHarness = {
  host: Host;
  dataDir: string;
  /** Every event the host emitted, in order. */
  events: { name: EventName; payload: unknown }[];
  /** Sends `text` (with what the person attached, `context`) in a new conversation and resolves with the finished reply. */
  chat(text: string, context?: ContextItem[]): Promise<{ conversationId: string; reply: AssistantMessage }>;
  /** Sends `text` in a new conversation without waiting for the reply. */
  send(text: string): Promise<string>;
  /** The latest version of a conversation's last reply. */
  lastReply(conversationId: string): Promise<AssistantMessage | undefined>;
  /** Stops the host (the data folder stays until `dispose`). */
  stop(): Promise<void>;
  dispose(): Promise<void>;
};

const EVENT_NAMES: EventName[] = ['chat.message', 'server.changed', 'consent.requested', 'tasks.changed'];

/** Starts a host over `servers` with the scripted model as its only provider. */
export async function startHostHarness(
  servers: Record<string, ServerEntry>,
  model: ScriptedModel,
  options: { dataDir?: string; allowTools?: boolean; providers?: Record<string, unknown>[] } = {},
): Promise<HostHarness> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'switchboard-host-')));
  const configPath = join(dataDir, 'config.json');
  await writeFile(
    configPath,
    JSON.stringify({
      mcpServers: servers,
      models: {
        providers: [
          { id: 'local', type: 'openai-compatible', baseURL: model.url, models: ['scripted-model'] },
          ...(options.providers ?? []),
        ],
        default: 'local/scripted-model',
      },
    }),
  );
  const host = await Host.create({ dataDir, configPath });
  const events: HostHarness['events'] = [];
  for (const name of EVENT_NAMES) {
    host.on(name as keyof Events, (payload: unknown) => events.push({ name, payload }));
  }
  if (options.allowTools) {
    host.on('consent.requested', (request) => {
      void host.commands['consent.answer']({ id: request.id, decision: 'once' });
    });
  }
  await host.ready();
  return {
    host,
    dataDir,
    events,
    async send(text) {
      const conversation = await host.commands['chat.create']({});
      await host.commands['chat.send']({ id: conversation.id, text });
      return conversation.id;
    },
    async lastReply(conversationId) {
      const messages = (await host.commands['chat.get']({ id: conversationId })).messages;
      const last = messages.at(-1);
      return last?.role === 'assistant' ? last : undefined;
    },
    async chat(text, context) {
      const conversation = await host.commands['chat.create']({});
      await host.commands['chat.send']({ id: conversation.id, text, ...(context ? { context } : {}) });
      const reply = await until(
        'the reply to finish',
        () => {
          const found = events
            .filter((event) => event.name === 'chat.message')
            .map((event) => event.payload as { conversationId: string; message: ChatMessage })
            .filter((event) => event.conversationId === conversation.id && event.message.role === 'assistant')
            .at(-1)?.message as AssistantMessage | undefined;
          return found && found.status !== 'streaming' ? found : undefined;
        },
        60_000,
      );
      return { conversationId: conversation.id, reply };
    },
    stop: () => host.shutdown(),
    async dispose() {
      await host.shutdown();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
