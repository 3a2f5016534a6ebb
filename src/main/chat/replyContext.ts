// What one reply sends the model: the model and its options, the tools, the system prompt, and the conversation as the
// model reads it (a summary in place of older messages once the conversation was compacted).
import type { LanguageModel, ModelMessage } from 'ai';
import {
  type ChatDefaults,
  type ChatMessage,
  type Compaction,
  DEFAULT_TOOL_RESULT_TOKENS,
  type ModelOptions,
  replyLanguageLine,
} from '../../shared/chat';
import { contextWindow } from '../../shared/contextWindow';
import { offersCatalogue } from '../../shared/offered';
import { charsOf } from '../../shared/tokens';
import { toolBudget } from '../../shared/toolBudget';
import { isServerEnabled } from '../../shared/toolSelection';
import { instructionsOf, systemPrompt } from '../instructions/systemPrompt';
import { messageTokens, requestTokens } from '../llm/contextSize';
import type { AttachedFiles } from '../llm/fileParts';
import { toModelMessages } from '../llm/history';
import { fitAttachedImages, IMAGE_LIMITS, type ImageLimits } from '../llm/imageFit';
import { languageModel, type ResolvedProvider, supportsVision } from '../llm/providers';
import type { ToolRef } from '../servers/catalogue/naming';
import { ToolOffer } from '../tools/toolOffer';
import { afterCompaction } from './compaction';
import { modelTools } from './modelTools';
import type { ReplyDeps } from './replyWriter';
import { CONTINUE_INSTRUCTION } from './turnPlans';

export type ReplyContext = {
  provider: ResolvedProvider;
  modelId: string;
  model: LanguageModel;
  vision: boolean;
  /** What the person set for this model. */
  options: ModelOptions;
  /** The model's context window in tokens, when it is known or set. */
  window?: number;
  /** The tool definitions of each step: the offered servers' tools this conversation allows, and the host's. */
  offer: ToolOffer;
  /** The server tool each name for the model stands for. */
  names: Map<string, ToolRef>;
  system?: string;
  temperature?: number;
  /** Servers whose instructions are in the system prompt. */
  instructionsFrom: string[];
  /** The servers this conversation offers. */
  servers: string[];
  /** Characters of one tool result the model reads at once. */
  resultChars: number;
  files: AttachedFiles;
};

/** Settings → Chat, or nothing where they are not kept. */
export function chatDefaults(deps: Pick<ReplyDeps, 'defaults'>): ChatDefaults {
  return deps.defaults?.get() ?? {};
}

/** Everything a reply in conversation `id` needs before its first model call. */
export async function replyContext(
  deps: ReplyDeps,
  id: string,
  modelRef: string,
  history: readonly ChatMessage[],
): Promise<ReplyContext> {
  const { provider, modelId } = await deps.models.resolve(modelRef);
  const conversation = deps.conversations.get(id);
  const selection = conversation.tools;
  // The offered servers' tools (see `offersCatalogue`) this conversation allows, with names for the model.
  const catalogue = modelTools(deps.servers.list(), selection);
  for (const ref of catalogue.stripped) deps.flow.noteStripped(ref.server, ref.tool, 'description');
  const offered = deps.servers
    .list()
    .filter((view) => offersCatalogue(view) && isServerEnabled(selection, view.name));
  const servers = offered.map((view) => view.name);
  const sections = instructionsOf(offered, (server) => deps.instructions?.isIncluded(server) ?? true);
  const skills = deps.skills?.offered(servers) ?? [];
  const defaults = chatDefaults(deps);
  const own = conversation.systemPrompt ?? defaults.systemPrompt;
  const temperature = conversation.temperature ?? defaults.temperature;
  const options = deps.models.optionsOf(modelRef);
  const window = contextWindow(modelRef, options.contextWindow);
  // The person's system prompt and reply language first, then the servers' instructions and skills in their own
  // delimited sections.
  const language = defaults.replyLanguage ? replyLanguageLine(defaults.replyLanguage) : undefined;
  const system = [own, language, systemPrompt(sections, skills)].filter(Boolean).join('\n\n');
  return {
    provider,
    modelId,
    model: await languageModel(provider, modelId),
    vision: supportsVision(provider, modelId),
    options,
    window,
    offer: new ToolOffer({
      conversationId: id,
      catalogue: catalogue.tools,
      budget: toolBudget(provider.type, window),
      pinned: selection.pinned,
      hostTools: deps.hostTools,
      servers,
      ...(deps.viewTools ? { viewTools: deps.viewTools } : {}),
    }),
    names: catalogue.names,
    ...(system ? { system } : {}),
    ...(temperature === undefined ? {} : { temperature }),
    instructionsFrom: sections.map((item) => item.server),
    servers,
    resultChars: charsOf(defaults.toolResultTokens ?? DEFAULT_TOOL_RESULT_TOKENS),
    files: await attachedFiles(deps, id, history, IMAGE_LIMITS[provider.type]),
  };
}

/** The files attached in `history`, images over the provider's limits made smaller. */
async function attachedFiles(
  deps: ReplyDeps,
  id: string,
  history: readonly ChatMessage[],
  limits: ImageLimits,
): Promise<AttachedFiles> {
  const files = (await deps.attachments?.read(id, history)) ?? new Map<string, Uint8Array>();
  const images = history.flatMap((message) =>
    message.role === 'user'
      ? (message.context ?? []).flatMap((item) =>
          item.kind === 'file' && item.as === 'image' && (files.get(item.id)?.length ?? 0) > 0 ? [item] : [],
        )
      : [],
  );
  return images.length ? fitAttachedImages(files, images, limits) : files;
}

/** The summary of older messages as the model reads it. */
export function summaryMessage(compaction: Compaction): ModelMessage {
  return { role: 'user', content: compaction.summary };
}

/** The conversation as the model reads it, and about how many tokens the request comes to. */
export function modelRequest(
  context: ReplyContext,
  history: readonly ChatMessage[],
  compaction: Compaction | undefined,
  continuing: boolean,
): { messages: ModelMessage[]; tokens: number } {
  const messages = toModelMessages(afterCompaction(history, compaction), historyOptions(context));
  if (compaction) messages.unshift(summaryMessage(compaction));
  if (continuing) messages.push({ role: 'user', content: CONTINUE_INSTRUCTION });
  const tools = context.offer.forStep(history);
  return { messages, tokens: requestTokens({ system: context.system, tools, messages }) };
}

/** Tokens of one stored message as the model reads it, counted once per message and history options. */
export function tokensOf(context: ReplyContext): (message: ChatMessage) => number {
  const key = `${context.vision}/${context.resultChars}`;
  let counted = counts.get(key);
  if (!counted) {
    counted = new WeakMap();
    counts.set(key, counted);
  }
  const cache = counted;
  return (message) => {
    let tokens = cache.get(message);
    if (tokens === undefined) {
      tokens = toModelMessages([message], historyOptions(context)).reduce(
        (sum, item) => sum + messageTokens(item),
        0,
      );
      cache.set(message, tokens);
    }
    return tokens;
  };
}

const counts = new Map<string, WeakMap<ChatMessage, number>>();

function historyOptions(context: ReplyContext) {
  return { vision: context.vision, files: context.files, resultChars: context.resultChars };
}
