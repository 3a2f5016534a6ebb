// The commands and events of what servers offer besides tools: prompts, completions, resources, and large payloads.
import { z } from 'zod';
import { serverNameSchema } from '../configSchema';
import { PAYLOAD_CHUNK_CHARS, type PayloadChunk } from '../payloads';
import type { CompletionResult, PromptResult, ResourceReadResult } from '../resources';
import { command, event } from './spec';

const resourceArg = z.strictObject({ server: serverNameSchema, uri: z.string().min(1) });

export const commands = {
  'prompts.get': command(
    z.strictObject({
      server: serverNameSchema,
      name: z.string().min(1),
      args: z.record(z.string(), z.string()),
    }),
  ).returns<PromptResult>(),
  /** Suggestions for a prompt argument or a resource template variable. */
  'completion.complete': command(
    z.strictObject({
      server: serverNameSchema,
      ref: z.discriminatedUnion('type', [
        z.strictObject({ type: z.literal('ref/prompt'), name: z.string().min(1) }),
        z.strictObject({ type: z.literal('ref/resource'), uri: z.string().min(1) }),
      ]),
      argument: z.strictObject({ name: z.string().min(1), value: z.string() }),
      context: z.record(z.string(), z.string()).optional(),
    }),
  ).returns<CompletionResult>(),
  'resources.read': command(resourceArg).returns<ResourceReadResult>(),
  'resources.subscribe': command(resourceArg).returns<null>(),
  'resources.unsubscribe': command(resourceArg).returns<null>(),
  /** Writes a resource's binary contents to a file the person chose (Electron) or returns false. */
  'resources.saveAs': command(
    z.strictObject({
      server: serverNameSchema,
      uri: z.string().min(1),
      index: z.number().int().min(0),
    }),
  ).returns<boolean>(),
  /** A piece of something large the host keeps (a resource's contents, a protocol frame). */
  'payloads.read': command(
    z.strictObject({
      id: z.string().min(1).max(64),
      offset: z.number().int().min(0).optional(),
      length: z.number().int().min(1).max(PAYLOAD_CHUNK_CHARS).optional(),
    }),
  ).returns<PayloadChunk>(),
};

export const events = {
  /** A watched resource changed on its server. */
  'resource.updated': event<{ server: string; uri: string }>(),
};
