// The commands and events of skills served over MCP: the registry, finding one by URI, approvals, and questions waiting for the person.
import { z } from 'zod';
import { serverNameSchema } from '../configSchema';
import { SKILL_ANSWERS, type SkillApprovalRequest, type SkillView } from '../skills';
import { command, event } from './spec';

const skillRef = z.strictObject({ server: serverNameSchema, uri: z.string().min(1).max(2048) });

export const commands = {
  /** Every server's skills as the host judges them. */
  'skills.list': command(z.strictObject({})).returns<SkillView[]>(),
  /** Asks the server for the skill at a URI the person has (`skills/get`) and adds it to the list. */
  'skills.lookUp': command(skillRef).returns<SkillView>(),
  /** Approves a skill for its files as they are now; the model may then load it without asking. */
  'skills.approve': command(skillRef).returns<null>(),
  'skills.revoke': command(skillRef).returns<null>(),
  /** One file of a skill, verified against its entry, for the person to read. */
  'skills.inspect': command(skillRef.extend({ file: z.string().min(1).max(2048) })).returns<string>(),
  'skills.pending': command(z.strictObject({})).returns<SkillApprovalRequest[]>(),
  'skills.answer': command(
    z.strictObject({ id: z.string().min(1).max(100), answer: z.enum(SKILL_ANSWERS) }),
  ).returns<null>(),
};

export const events = {
  'skills.changed': event<SkillView[]>(),
  'skills.requested': event<SkillApprovalRequest>(),
  /** A skill's question left the queue: answered, cancelled, or its server gone. */
  'skills.settled': event<{ id: string; reason: string }>(),
};
