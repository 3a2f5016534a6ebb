// The context window of a model: what the person set for it, else the published window of well-known models by name.

const WINDOWS: [RegExp, number][] = [
  [/gpt-4\.1/i, 1_047_576],
  [/gpt-5/i, 400_000],
  [/gpt-4o|gpt-4-turbo|gpt-4\.5/i, 128_000],
  [/\bo[134]\b|\bo[134]-/i, 200_000],
  [/gpt-3\.5/i, 16_385],
  [/claude-(?:opus|sonnet)-4|claude-sonnet-4-5|claude-4/i, 200_000],
  [/claude/i, 200_000],
  [/gemini-(?:1\.5-pro|2\.5-pro)/i, 2_000_000],
  [/gemini/i, 1_048_576],
  [/llama-?3\.[123]|llama-?4/i, 128_000],
  [/llama-?3\b/i, 8_192],
  [/qwen-?3/i, 40_960],
  [/qwen-?2\.5/i, 32_768],
  [/mistral-(?:small|medium|large)|mixtral|ministral|pixtral/i, 128_000],
  [/mistral/i, 32_768],
  [/gemma-?3/i, 128_000],
  [/gemma-?2/i, 8_192],
  [/deepseek/i, 128_000],
  [/phi-?4/i, 16_384],
  [/phi-?3/i, 128_000],
];

/**
 * The context window of `modelRef` (`provider/model`) in tokens: `set` (the person's setting for the model) where there
 * is one, else the published window of a well-known model, else undefined.
 */
export function contextWindow(modelRef: string | undefined, set?: number): number | undefined {
  if (set !== undefined) return set;
  const model = modelRef?.slice(modelRef.indexOf('/') + 1) ?? '';
  return WINDOWS.find(([pattern]) => pattern.test(model))?.[1];
}
