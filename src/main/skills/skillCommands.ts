// The skills commands: the registry, a skill found by its URI, approvals from the Skills tab, files to read, and answers.
import type { CommandHandlers } from '../../shared/contract';
import type { SkillConsent } from '../consent/skillConsent';
import type { SkillRoom } from './skillRoom';

type SkillCommandName = Extract<keyof CommandHandlers, `skills.${string}`>;

export function skillCommands(
  skills: SkillRoom,
  consent: SkillConsent,
): Pick<CommandHandlers, SkillCommandName> {
  return {
    'skills.list': async () => skills.views(),
    'skills.lookUp': (ref) => skills.lookUp(ref),
    'skills.approve': async (ref) => {
      await skills.approve(ref);
      return null;
    },
    'skills.revoke': async (ref) => {
      await skills.revoke(ref);
      return null;
    },
    'skills.inspect': ({ file, ...ref }) => skills.inspect(ref, file),
    'skills.pending': async () => consent.pending(),
    'skills.answer': async ({ id, answer }) => {
      await consent.answer(id, answer);
      return null;
    },
  };
}
