// The commands and events of Settings → Models, the servers' instructions in the system prompt, and tool sets.
import { z } from 'zod';
import type { ModelsView, ProviderTest, ToolSet } from '../chat';
import { CONTEXT_WINDOW_RANGE, PROVIDER_TYPES, THINKING_BUDGET_RANGE, THINKING_EFFORTS } from '../chat';
import { serverNameSchema, toolSetSchema } from '../configSchema';
import { idArg, modelRef } from './args';
import { command, event } from './spec';

/** Which servers' instructions the model is not given (all others are). */
export type InstructionsView = { excluded: string[] };

const providerId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, dashes or underscores');

/** A provider as the renderer sends it; `apiKey` is a new key, absent to keep the stored one. */
export const providerInputSchema = z.strictObject({
  id: providerId,
  type: z.enum(PROVIDER_TYPES),
  baseURL: z.url({ protocol: /^https?$/ }).optional(),
  models: z.array(z.string().min(1)).max(500),
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'An environment variable name')
    .optional(),
});

/** What the person sets for one model (also the shape of each entry of model-options.json). */
export const modelOptionsSchema = z.strictObject({
  contextWindow: z.number().int().min(CONTEXT_WINDOW_RANGE.min).max(CONTEXT_WINDOW_RANGE.max).optional(),
  thinking: z
    .strictObject({
      on: z.boolean(),
      budgetTokens: z.number().int().min(THINKING_BUDGET_RANGE.min).max(THINKING_BUDGET_RANGE.max).optional(),
      effort: z.enum(THINKING_EFFORTS).optional(),
    })
    .optional(),
});

export const commands = {
  'models.get': command(z.strictObject({})).returns<ModelsView>(),
  'models.putProvider': command(
    z.strictObject({
      provider: providerInputSchema,
      apiKey: z.string().min(1).max(1000).optional(),
      previousId: providerId.optional(),
    }),
  ).returns<ModelsView>(),
  'models.removeProvider': command(idArg).returns<ModelsView>(),
  'models.setDefault': command(z.strictObject({ model: modelRef })).returns<ModelsView>(),
  /** What the person sets for one model: its context window and its thinking (empty options clear them). */
  'models.setOptions': command(
    z.strictObject({ model: modelRef, options: modelOptionsSchema }),
  ).returns<ModelsView>(),
  /** Reaches the provider with its stored settings and lists its models where it can. */
  'models.test': command(idArg).returns<ProviderTest>(),
  /** Servers whose instructions are left out of the model's system prompt. */
  'instructions.get': command(z.strictObject({})).returns<InstructionsView>(),
  /** Puts a server's instructions in the model's system prompt, or leaves them out. */
  'instructions.set': command(
    z.strictObject({ server: serverNameSchema, include: z.boolean() }),
  ).returns<InstructionsView>(),
  /** The tool sets of Settings → Tool sets. */
  'toolSets.get': command(z.strictObject({})).returns<ToolSet[]>(),
  /** Replaces every tool set (names differ, at most one is the default). */
  'toolSets.save': command(z.strictObject({ sets: z.array(toolSetSchema).max(200) })).returns<ToolSet[]>(),
};

export const events = {
  'models.changed': event<ModelsView>(),
  'instructions.changed': event<InstructionsView>(),
};
