// Settings → Chat: the system prompt and temperature of conversations that do not set their own, and how much of a
// tool result the model reads at once, in chat-defaults.json.
import { z } from 'zod';
import { type ChatDefaults, REPLY_LANGUAGES, TOOL_RESULT_TOKENS_RANGE } from '../../shared/chat';
import { estimateTokens } from '../../shared/tokens';
import { HostFault, messageOf } from '../errors';
import { JsonSettingsStore, type SettingsWords } from '../storage/jsonSettingsStore';

const tokens = z.number().int().min(TOOL_RESULT_TOKENS_RANGE.min).max(TOOL_RESULT_TOKENS_RANGE.max);

/** The file as written now, or as earlier versions wrote it (the budget in characters, `toolResultLimit`). */
const fileSchema = z
  .object({
    systemPrompt: z.string().optional(),
    temperature: z.number().min(0).max(2).optional(),
    toolResultTokens: tokens.optional(),
    toolResultLimit: z.number().int().min(1).optional(),
    replyLanguage: z.enum(REPLY_LANGUAGES).optional(),
  })
  .transform(({ toolResultLimit, ...rest }): ChatDefaults => {
    if (rest.toolResultTokens !== undefined || toolResultLimit === undefined) return rest;
    const converted = estimateTokens(toolResultLimit);
    return {
      ...rest,
      toolResultTokens: Math.min(
        TOOL_RESULT_TOKENS_RANGE.max,
        Math.max(TOOL_RESULT_TOKENS_RANGE.min, converted),
      ),
    };
  });

const WORDS: SettingsWords = {
  unreadable: (why) => `Could not read the chat defaults (${why}); none are used.`,
  damaged: (kept) =>
    `The chat defaults file could not be used; none are used until they are saved again. ${kept}`,
};

/** The defaults; an unreadable file means none (the provider's own temperature, no system prompt). */
export class ChatDefaultsStore {
  private value: ChatDefaults = {};
  private readonly file: JsonSettingsStore<ChatDefaults>;

  constructor(path: string, onProblem: (message: string) => void = () => {}) {
    this.file = new JsonSettingsStore(path, { schema: fileSchema, words: WORDS, onProblem });
  }

  async load(): Promise<void> {
    const stored = await this.file.load();
    if (stored) this.value = clean(stored);
  }

  get(): ChatDefaults {
    return { ...this.value };
  }

  /** Replaces the defaults as a whole. */
  async set(defaults: ChatDefaults): Promise<ChatDefaults> {
    this.value = clean(defaults);
    try {
      await this.file.save(this.value);
    } catch (error) {
      throw new HostFault('internal', {
        id: 'host.settings.chatDefaultsSaveFailed',
        values: { error: messageOf(error) },
      });
    }
    return this.get();
  }
}

function clean(defaults: ChatDefaults): ChatDefaults {
  const prompt = defaults.systemPrompt?.trim();
  return {
    ...(prompt ? { systemPrompt: prompt } : {}),
    ...(defaults.temperature === undefined ? {} : { temperature: defaults.temperature }),
    ...(defaults.toolResultTokens === undefined ? {} : { toolResultTokens: defaults.toolResultTokens }),
    ...(defaults.replyLanguage === undefined ? {} : { replyLanguage: defaults.replyLanguage }),
  };
}
