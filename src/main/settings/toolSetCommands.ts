// The tool set commands: the named choices of servers and tools, read and saved whole.
import type { CommandHandlers } from '../../shared/contract';
import type { ToolSetSettings } from './toolSets';

export function toolSetCommands(
  toolSets: Pick<ToolSetSettings, 'list' | 'save'>,
): Pick<CommandHandlers, 'toolSets.get' | 'toolSets.save'> {
  return {
    'toolSets.get': async () => toolSets.list(),
    'toolSets.save': ({ sets }) => toolSets.save(sets),
  };
}
