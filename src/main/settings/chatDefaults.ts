// Settings → Chat: the system prompt and temperature of conversations that do not set their own, and how much of a
// tool result the model reads, in chat-defaults.json.
import { z } from 'zod';
import { type ChatDefaults, TOOL_RESULT_LIMIT_RANGE } from '../../shared/chat';
import { HostFault, messageOf } from '../errors';
import { writeFileAtomic } from '../storage/atomicFile';
import { parseJson, readOptionalText } from '../storage/settingsFile';

const fileSchema = z.object({
  systemPrompt: z.string().optional(),
  temperature: z.number().min(0).max(2).optional(),
  toolResultLimit: z
    .number()
    .int()
    .min(TOOL_RESULT_LIMIT_RANGE.min)
    .max(TOOL_RESULT_LIMIT_RANGE.max)
    .optional(),
});

/** The defaults; an unreadable file means none (the provider's own temperature, no system prompt). */
export class ChatDefaultsStore {
  private value: ChatDefaults = {};
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly onProblem: (message: string) => void = () => {},
  ) {}

  async load(): Promise<void> {
    const text = await readOptionalText(this.path, (why) =>
      this.onProblem(`Could not read the chat defaults (${why}); none are used.`),
    );
    if (text === undefined) return;
    const parsed = fileSchema.safeParse(parseJson(text));
    if (parsed.success) this.value = clean(parsed.data);
    else
      this.onProblem('The chat defaults file could not be used; none are used until they are saved again.');
  }

  get(): ChatDefaults {
    return { ...this.value };
  }

  /** Replaces the defaults as a whole. */
  async set(defaults: ChatDefaults): Promise<ChatDefaults> {
    this.value = clean(defaults);
    const text = `${JSON.stringify(this.value, null, 2)}\n`;
    const save = () => writeFileAtomic(this.path, text, 0o600);
    this.writing = this.writing.then(save, save);
    try {
      await this.writing;
    } catch (error) {
      throw new HostFault('internal', `Could not save the chat defaults: ${messageOf(error)}`);
    }
    return this.get();
  }
}

function clean(defaults: ChatDefaults): ChatDefaults {
  const prompt = defaults.systemPrompt?.trim();
  return {
    ...(prompt ? { systemPrompt: prompt } : {}),
    ...(defaults.temperature === undefined ? {} : { temperature: defaults.temperature }),
    ...(defaults.toolResultLimit === undefined ? {} : { toolResultLimit: defaults.toolResultLimit }),
  };
}
