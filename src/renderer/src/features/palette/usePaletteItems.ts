// The command palette's commands beyond the shortcuts: servers (add, import, open, restart), export, settings sections.
import { useMemo, useState } from 'react';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { useT } from '../../i18n';
import { actions, type SettingsTab, useOpenChat, useRestartableNames, useServerNames } from '../../store';
import { exportConversation } from '../chat/exportDownload';

/** One command of the palette. */
export type PaletteCommand = { key: string; label: string; run: () => void };

/** The settings sections the palette opens, with the message naming each. */
const SETTINGS: [SettingsTab, string][] = [
  ['models', 'palette.settings.models'],
  ['chat', 'palette.settings.chat'],
  ['permissions', 'palette.settings.permissions'],
  ['sampling', 'palette.settings.sampling'],
  ['registry', 'palette.settings.registry'],
  ['language', 'palette.settings.language'],
  ['shortcuts', 'palette.settings.shortcuts'],
];

/** The commands, and why the last one that ran in the background failed. */
export function usePaletteItems(): { items: PaletteCommand[]; problem: string | null } {
  const t = useT();
  const host = useHost();
  const openChat = useOpenChat();
  const servers = useServerNames();
  const restartable = useRestartableNames();
  const [problem, setProblem] = useState<string | null>(null);

  const items = useMemo((): PaletteCommand[] => {
    /** Runs `work`; a failure shows as `failed(error)`. */
    const inBackground = (failed: (error: string) => string, work: () => Promise<unknown>) => () => {
      setProblem(null);
      work().catch((error: unknown) => setProblem(failed(describeError(error))));
    };
    const exports: PaletteCommand[] =
      openChat === null
        ? []
        : (['markdown', 'json'] as const).map((format) => ({
            key: `export-${format}`,
            label: t('palette.export', { format: format === 'json' ? 'JSON' : 'Markdown' }),
            run: inBackground(
              (error) => t('palette.exportFailed', { error }),
              () => exportConversation(host, openChat, format),
            ),
          }));
    return [
      { key: 'add-server', label: t('palette.addServer'), run: () => actions.dialogOpened({ kind: 'add' }) },
      {
        key: 'import-servers',
        label: t('palette.importServers'),
        run: () => actions.dialogOpened({ kind: 'import' }),
      },
      {
        key: 'config-file',
        label: t('palette.configFile'),
        run: () => actions.dialogOpened({ kind: 'configFile' }),
      },
      ...exports,
      ...servers.map((name) => ({
        key: `open-server-${name}`,
        label: t('palette.openServer', { name }),
        run: () => {
          actions.sectionSelected('servers');
          actions.serverSelected(name);
        },
      })),
      ...restartable.map((name) => ({
        key: `restart-server-${name}`,
        label: t('palette.restartServer', { name }),
        run: inBackground(
          (error) => t('palette.restartFailed', { name, error }),
          () => host.invoke('servers.restart', { server: name }),
        ),
      })),
      ...SETTINGS.map(([tab, label]) => ({
        key: `settings-${tab}`,
        label: t(label),
        run: () => actions.settingsOpened(tab),
      })),
    ];
  }, [t, host, openChat, servers, restartable]);
  return { items, problem };
}
