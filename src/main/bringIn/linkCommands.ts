// The install-link command: a link's server is added waiting for approval, and nothing starts until the person approves it.
import type { CommandHandlers } from '../../shared/contract';
import { HostFault } from '../errors';
import { parseInstallLink } from './installLinks';
import type { ServerProposals } from './proposals';

const SHAPE_NAMES = {
  switchboard: 'Switchboard',
  vscode: 'VS Code',
  cursor: 'Cursor',
  lmstudio: 'LM Studio',
} as const;

export function linkCommands(proposals: ServerProposals): Pick<CommandHandlers, 'links.open'> {
  return {
    'links.open': async ({ link }) => {
      const parsed = parseInstallLink(link);
      if (!parsed.ok) throw new HostFault('invalid_input', parsed.text);
      const result = await proposals.propose(
        [
          {
            name: parsed.name,
            entry: parsed.entry,
            origin: { route: 'link', from: `install link (${SHAPE_NAMES[parsed.shape]})` },
          },
        ],
        () => 'rename',
      );
      const notes =
        parsed.ignored.length > 0
          ? [
              `The link also said ${parsed.ignored.map((key) => `"${key}"`).join(', ')}, which Switchboard does not use.`,
            ]
          : [];
      return { ...result, notes };
    },
  };
}
