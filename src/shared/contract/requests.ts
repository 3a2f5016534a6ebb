// The commands and events of what servers ask the person: sampling, elicitation and `${input:…}` values.
import { z } from 'zod';
import { serverNameSchema } from '../configSchema';
import type {
  ElicitationRequest,
  InputRequest,
  RefusedRequest,
  SamplingPolicy,
  SamplingRequest,
} from '../requests';
import { idArg, modelRef } from './args';
import { command, event } from './spec';

const samplingContentSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string() }),
  z.strictObject({ type: z.literal('image'), data: z.string(), mimeType: z.string() }),
  z.strictObject({ type: z.literal('audio'), data: z.string(), mimeType: z.string() }),
  z.strictObject({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: z.record(z.string(), z.json()),
  }),
  z.strictObject({
    type: z.literal('tool_result'),
    toolUseId: z.string(),
    content: z.array(z.strictObject({ type: z.literal('text'), text: z.string() })),
    isError: z.boolean().optional(),
  }),
]);

const elicitationValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

export const commands = {
  'sampling.pending': command(z.strictObject({})).returns<SamplingRequest[]>(),
  /** Approves a request, possibly edited: the model runs and the response comes back for review. */
  'sampling.approve': command(
    z.strictObject({
      id: z.string().min(1),
      messages: z.array(
        z.strictObject({ role: z.enum(['user', 'assistant']), content: z.array(samplingContentSchema) }),
      ),
      systemPrompt: z.string().optional(),
      model: modelRef,
      maxTokens: z.number().int().min(1),
      includeContext: z.boolean(),
    }),
  ).returns<null>(),
  /** Returns the reviewed (possibly edited) response to the server. */
  'sampling.send': command(z.strictObject({ id: z.string().min(1), text: z.string() })).returns<null>(),
  'sampling.reject': command(idArg).returns<null>(),
  'sampling.policies': command(z.strictObject({})).returns<SamplingPolicy[]>(),
  'sampling.setPolicy': command(
    z.strictObject({
      server: serverNameSchema,
      mode: z.enum(['ask', 'session']),
      tokenBudget: z.number().int().min(0).max(10_000_000),
    }),
  ).returns<SamplingPolicy[]>(),

  'elicitation.pending': command(z.strictObject({})).returns<ElicitationRequest[]>(),
  'elicitation.answer': command(
    z.strictObject({
      id: z.string().min(1),
      action: z.enum(['accept', 'decline', 'cancel']),
      content: z.record(z.string(), elicitationValue).optional(),
    }),
  ).returns<null>(),

  'inputs.pending': command(z.strictObject({})).returns<InputRequest[]>(),
  /** The person's value for an `${input:…}`; without `value` the question is cancelled. */
  'inputs.answer': command(
    z.strictObject({ id: z.string().min(1), value: z.string().max(20_000).optional() }),
  ).returns<null>(),
  /** Forgets a stored input value, so the next start asks again. */
  /** Forgets a value kept for a server, so its next start asks again. */
  'inputs.forget': command(
    z.strictObject({ server: serverNameSchema, inputId: z.string().min(1).max(200) }),
  ).returns<null>(),
};

export const events = {
  /** A sampling request arrived or moved on (approval → running → review). */
  'sampling.changed': event<SamplingRequest>(),
  'sampling.delta': event<{ id: string; text: string }>(),
  'sampling.settled': event<{ id: string; reason: 'answered' | 'rejected' | 'cancelled' | 'server-gone' }>(),
  'elicitation.requested': event<ElicitationRequest>(),
  /** `completed`: the server said the page it asked the person to visit is done with (URL mode). */
  'elicitation.settled': event<{
    id: string;
    reason: 'answered' | 'cancelled' | 'server-gone' | 'completed';
  }>(),
  /** A server's entry needs an `${input:…}` value the person has not given yet. */
  'inputs.requested': event<InputRequest>(),
  'inputs.settled': event<{ id: string; reason: 'answered' | 'cancelled' | 'server-gone' }>(),
  /** The host refused a server's request on its own (too many at once, budget spent). */
  'requests.refused': event<RefusedRequest>(),
};
