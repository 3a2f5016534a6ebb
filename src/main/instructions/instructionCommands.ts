// The instructions commands: which servers' instructions the model is given.
import type { CommandHandlers, Events } from '../../shared/contract';
import type { InstructionSettings } from './instructionSettings';

export function instructionCommands(
  settings: InstructionSettings,
  changed: (payload: Events['instructions.changed']) => void,
): Pick<CommandHandlers, 'instructions.get' | 'instructions.set'> {
  return {
    'instructions.get': async () => ({ excluded: settings.list() }),
    'instructions.set': async ({ server, include }) => {
      const excluded = await settings.set(server, include);
      changed({ excluded });
      return { excluded };
    },
  };
}
