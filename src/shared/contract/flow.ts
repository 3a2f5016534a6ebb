// The commands of flow-aware consent: each tool's labels and review choice, results given to or withheld from the model, the policy as read.
import { z } from 'zod';
import { serverNameSchema } from '../configSchema';
import { FLOW_LABELS, type FlowView } from '../flow';
import { command } from './spec';

const toolName = z.string().min(1).max(200);

export const commands = {
  /** Every server's tools with their labels and review choices, and the organisation's policy as read. */
  'flow.view': command(z.strictObject({})).returns<FlowView>(),
  /** Marks (true), unmarks (false) or returns to the rules (null) one label of one tool. */
  'flow.setLabel': command(
    z.strictObject({
      server: serverNameSchema,
      tool: toolName,
      label: z.enum(FLOW_LABELS),
      value: z.boolean().nullable(),
    }),
  ).returns<FlowView>(),
  /** Turns "review before the model sees it" on or off for a server, or one of its tools (null: back to the default). */
  'flow.setReview': command(
    z.strictObject({ server: serverNameSchema, tool: toolName.optional(), value: z.boolean().nullable() }),
  ).returns<FlowView>(),
  /** The person's choice on a result waiting for review: give it to the model, or give a note instead. */
  'flow.review': command(
    z.strictObject({
      conversationId: z.string().min(1).max(100),
      callId: z.string().min(1).max(200),
      give: z.boolean(),
    }),
  ).returns<null>(),
};

export const events = {};
