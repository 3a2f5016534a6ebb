// Settings in the main area: tabs Models, Chat, Tool sets, Permissions, Sampling, Registry, Shortcuts and Language over the
// settings editors.
import type { ComponentType, ReactNode } from 'react';
import { lazyView } from '../../components/lazyView';
import { PartBoundary } from '../../components/PartBoundary';
import { type TabSpec, Tabs } from '../../components/Tabs';
import { useT } from '../../i18n';
import { actions, type SettingsTab, useSettingsTab } from '../../store';

function Loading(): ReactNode {
  const t = useT();
  return <p className="muted settings-pending">{t('settingsView.loading')}</p>;
}
const loading = () => <Loading />;

/** A tab whose editor loads when the tab is first opened; if it cannot be shown, the other tabs still can. */
type SettingsEditor = { id: SettingsTab; Editor: ComponentType };

/** A tab's editor loads when the tab is first opened; if it cannot be shown, the other tabs still can. */
function editor(id: SettingsTab, importer: () => Promise<ComponentType>): SettingsEditor {
  return { id, Editor: lazyView(importer, loading) };
}

const EDITORS: SettingsEditor[] = [
  editor('models', () => import('../settings/ModelsSettings').then((module) => module.ModelsSettings)),
  editor('chat', () => import('../settings/ChatSettings').then((module) => module.ChatSettings)),
  editor('toolSets', () => import('../settings/ToolSetsSettings').then((module) => module.ToolSetsSettings)),
  editor('permissions', () =>
    import('../settings/PermissionsSettings').then((module) => module.PermissionsSettings),
  ),
  editor('sampling', () => import('../requests/SamplingSettings').then((module) => module.SamplingSettings)),
  editor('registry', () => import('../settings/RegistrySettings').then((module) => module.RegistrySettings)),
  editor('shortcuts', () =>
    import('../settings/ShortcutsSettings').then((module) => module.ShortcutsSettings),
  ),
  editor('language', () => import('../settings/LanguageSettings').then((module) => module.LanguageSettings)),
];

/** The Settings view; its Close button returns to the section it covered. */
export function SettingsView(): ReactNode {
  const t = useT();
  const tab = useSettingsTab() ?? 'models';
  const tabs: TabSpec<SettingsTab>[] = EDITORS.map(({ id, Editor }) => ({
    id,
    label: t(`settingsView.tab.${id}`),
    render: () => (
      <PartBoundary key={id}>
        <Editor />
      </PartBoundary>
    ),
  }));
  return (
    <section className="settings-view" aria-label={t('settingsView.title')}>
      <header className="chat-header">
        <h1 className="chat-title">{t('settingsView.title')}</h1>
        <button
          type="button"
          className="icon-button"
          aria-label={t('settingsView.close')}
          title={t('settingsView.closeTitle')}
          onClick={() => actions.settingsOpened(null)}
        >
          ×
        </button>
      </header>
      <Tabs
        tabs={tabs}
        selected={tab}
        onSelect={actions.settingsOpened}
        ariaLabel={t('settingsView.title')}
      />
    </section>
  );
}
