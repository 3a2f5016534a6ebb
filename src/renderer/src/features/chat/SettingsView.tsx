// Settings in the main area: tabs Models, Chat, Tool sets, Permissions, Sampling, Registry and Shortcuts over the settings editors.
import type { ComponentType, ReactNode } from 'react';
import { lazyView } from '../../components/lazyView';
import { PartBoundary } from '../../components/PartBoundary';
import { type TabSpec, Tabs } from '../../components/Tabs';
import { actions, type SettingsTab, useSettingsTab } from '../../store';

const loading = () => <p className="muted settings-pending">Loading…</p>;

/** A tab whose editor loads when the tab is first opened; if it cannot be shown, the other tabs still can. */
function settingsTab(
  id: SettingsTab,
  label: string,
  importer: () => Promise<ComponentType>,
): TabSpec<SettingsTab> {
  const Editor = lazyView(importer, loading);
  return {
    id,
    label,
    render: () => (
      <PartBoundary key={id}>
        <Editor />
      </PartBoundary>
    ),
  };
}

const TABS: TabSpec<SettingsTab>[] = [
  settingsTab('models', 'Models', () =>
    import('../settings/ModelsSettings').then((module) => module.ModelsSettings),
  ),
  settingsTab('chat', 'Chat', () => import('../settings/ChatSettings').then((module) => module.ChatSettings)),
  settingsTab('toolSets', 'Tool sets', () =>
    import('../settings/ToolSetsSettings').then((module) => module.ToolSetsSettings),
  ),
  settingsTab('permissions', 'Permissions', () =>
    import('../settings/PermissionsSettings').then((module) => module.PermissionsSettings),
  ),
  settingsTab('sampling', 'Sampling', () =>
    import('../requests/SamplingSettings').then((module) => module.SamplingSettings),
  ),
  settingsTab('registry', 'Registry', () =>
    import('../settings/RegistrySettings').then((module) => module.RegistrySettings),
  ),
  settingsTab('shortcuts', 'Shortcuts', () =>
    import('../settings/ShortcutsSettings').then((module) => module.ShortcutsSettings),
  ),
];

/** The Settings view; its Close button returns to the section it covered. */
export function SettingsView(): ReactNode {
  const tab = useSettingsTab() ?? 'models';
  return (
    <section className="settings-view" aria-label="Settings">
      <header className="chat-header">
        <h1 className="chat-title">Settings</h1>
        <button
          type="button"
          className="icon-button"
          aria-label="Close"
          title="Close settings"
          onClick={() => actions.settingsOpened(null)}
        >
          ×
        </button>
      </header>
      <Tabs tabs={TABS} selected={tab} onSelect={actions.settingsOpened} ariaLabel="Settings" />
    </section>
  );
}
