// The import commands: find servers in other apps' files, a chosen file or pasted text; import the chosen ones.
import type { CommandHandlers } from '../../../shared/contract';
import type { ServerImport } from './serverImport';

type ImportCommandName = Extract<keyof CommandHandlers, `import.${string}`>;

export function importCommands(importer: ServerImport): Pick<CommandHandlers, ImportCommandName> {
  return {
    'import.scan': (request) => importer.scan(request),
    'import.add': ({ scanId, choices }) => importer.add(scanId, choices),
  };
}
