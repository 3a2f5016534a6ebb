// What a conversation has taken in: pure steps from one exposure to the next, and the marks a tool result or an attachment makes.
import { z } from 'zod';
import type { Exposure, FlowMark, ToolLabels } from '../../shared/flow';
import type { ContextItem } from '../../shared/resources';

/**
 * The exposure after `mark` entered the conversation: the first mark of each kind stays, the count goes up; a skill
 * joins the skills the conversation follows, once.
 */
export function exposureAfter(exposure: Exposure | undefined, mark: FlowMark): Exposure {
  if (mark.kind === 'skill') {
    const skills = exposure?.skills ?? [];
    const known = skills.some((skill) => skill.server === mark.server && skill.what === mark.what);
    return known ? (exposure ?? {}) : { ...exposure, skills: [...skills, mark] };
  }
  const counts = exposure?.counts ?? { privateData: 0, outsideContent: 0 };
  if (mark.kind === 'private-data') {
    return {
      ...exposure,
      privateData: exposure?.privateData ?? mark,
      counts: { ...counts, privateData: counts.privateData + 1 },
    };
  }
  return {
    ...exposure,
    outsideContent: exposure?.outsideContent ?? mark,
    counts: { ...counts, outsideContent: counts.outsideContent + 1 },
  };
}

/** Where a mark comes in: the call's server and tool, when, and the message that carries it. */
type At = { server: string; time: number; messageId?: string };

/** The marks a finished result of `tool` makes, by its labels; without them (the tool is gone) both kinds. */
export function marksOfResult(tool: string, labels: ToolLabels | undefined, at: At): FlowMark[] {
  const base = {
    server: at.server,
    what: tool,
    via: 'tool' as const,
    time: at.time,
    messageId: at.messageId,
  };
  const marks: FlowMark[] = [];
  if (labels?.privateData.on ?? true) marks.push({ kind: 'private-data', ...base });
  if (labels?.outsideContent.on ?? true) marks.push({ kind: 'outside-content', ...base });
  return marks;
}

/**
 * The marks what the person attached makes: a resource read from a `file:` URI is private data, one from a server
 * that brings in outside content is outside content (a skill's text too), and what an app view gave the model is outside content.
 * A skill also marks the conversation as following it.
 */
export function marksOfContext(
  items: readonly ContextItem[],
  bringsOutside: (server: string) => boolean,
  at: Omit<At, 'server'>,
): FlowMark[] {
  const marks: FlowMark[] = [];
  for (const item of items) {
    const base = { server: 'server' in item ? item.server : '', time: at.time, messageId: at.messageId };
    if (item.kind === 'resource') {
      const what = item.name ?? item.uri;
      if (item.uri.startsWith('file:')) marks.push({ kind: 'private-data', ...base, what, via: 'resource' });
      if (bringsOutside(item.server)) marks.push({ kind: 'outside-content', ...base, what, via: 'resource' });
    } else if (item.kind === 'skill') {
      const what = `the skill ${item.label}`;
      marks.push({ kind: 'skill', ...base, what, via: 'resource' });
      if (bringsOutside(item.server)) marks.push({ kind: 'outside-content', ...base, what, via: 'resource' });
    } else if (item.kind === 'app') {
      marks.push({ kind: 'outside-content', ...base, what: `the view of ${item.tool}`, via: 'app-view' });
    }
  }
  return marks;
}

const markSchema = z.object({
  kind: z.enum(['private-data', 'outside-content', 'skill']),
  server: z.string(),
  what: z.string(),
  via: z.enum(['tool', 'resource', 'app-view']),
  time: z.number(),
  messageId: z.string().optional(),
});
const exposureSchema = z.object({
  privateData: markSchema.optional(),
  outsideContent: markSchema.optional(),
  counts: z.object({ privateData: z.number(), outsideContent: z.number() }).optional(),
  skills: z.array(markSchema).optional(),
});

/**
 * Exposure as stored with a conversation. One that cannot be read counts as every kind: what came in is unknown,
 * so the conversation is treated as having taken in everything, a skill included.
 */
export function readExposure(value: unknown): Exposure | undefined {
  if (value === undefined) return undefined;
  const parsed = exposureSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const unknown = (kind: FlowMark['kind']): FlowMark => ({
    kind,
    server: '',
    what: 'a record that could not be read',
    via: 'tool',
    time: 0,
  });
  return {
    privateData: unknown('private-data'),
    outsideContent: unknown('outside-content'),
    skills: [unknown('skill')],
  };
}
