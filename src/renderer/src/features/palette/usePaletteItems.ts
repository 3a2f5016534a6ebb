// The command palette's commands beyond the shortcuts: servers (add, import, open, restart), export, settings sections.
import { useMemo, useState } from 'react';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { actions, type SettingsTab, useOpenChat, useRestartableNames, useServerNames } from '../../store';
import { exportConversation } from '../chat/exportDownload';

/** One command of the palette. */
export type PaletteCommand = { key: string; label: string; run: () => void };

const SETTINGS: [SettingsTab, string][] = [
  ['models', 'Settings: Models and providers'],
  ['chat', 'Chat defaults: system prompt and temperature'],
  ['permissions', 'Settings: Permissions and audit log'],
  ['sampling', 'Settings: Sampling'],
  ['registry', 'Settings: Server registry'],
  ['shortcuts', 'Show keyboard shortcuts'],
];

/** The commands, and why the last one that ran in the background failed. */
export function usePaletteItems(): { items: PaletteCommand[]; problem: string | null } {
  const host = useHost();
  const openChat = useOpenChat();
  const servers = useServerNames();
  const restartable = useRestartableNames();
  const [problem, setProblem] = useState<string | null>(null);

  const items = useMemo((): PaletteCommand[] => {
    const inBackground = (what: string, work: () => Promise<unknown>) => () => {
      setProblem(null);
      work().catch((error: unknown) => setProblem(`${what}: ${describeError(error)}`));
    };
    const exports: PaletteCommand[] =
      openChat === null
        ? []
        : (['markdown', 'json'] as const).map((format) => ({
            key: `export-${format}`,
            label: `Export conversation as ${format === 'json' ? 'JSON' : 'Markdown'}`,
            run: inBackground('Could not export', () => exportConversation(host, openChat, format)),
          }));
    return [
      { key: 'add-server', label: 'Add server…', run: () => actions.dialogOpened({ kind: 'add' }) },
      {
        key: 'import-servers',
        label: 'Import from other apps…',
        run: () => actions.dialogOpened({ kind: 'import' }),
      },
      {
        key: 'config-file',
        label: 'Edit config file',
        run: () => actions.dialogOpened({ kind: 'configFile' }),
      },
      ...exports,
      ...servers.map((name) => ({
        key: `open-server-${name}`,
        label: `Open server ${name}`,
        run: () => {
          actions.sectionSelected('servers');
          actions.serverSelected(name);
        },
      })),
      ...restartable.map((name) => ({
        key: `restart-server-${name}`,
        label: `Restart server ${name}`,
        run: inBackground(`Could not restart ${name}`, () =>
          host.invoke('servers.restart', { server: name }),
        ),
      })),
      ...SETTINGS.map(([tab, label]) => ({
        key: `settings-${tab}`,
        label,
        run: () => actions.settingsOpened(tab),
      })),
    ];
  }, [host, openChat, servers, restartable]);
  return { items, problem };
}
