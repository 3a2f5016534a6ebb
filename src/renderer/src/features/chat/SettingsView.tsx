// Settings in the main area: tabs Models, Chat, Permissions, Sampling and Shortcuts over the settings editors.
import { lazy, type ReactNode, Suspense } from 'react';
import { type TabSpec, Tabs } from '../../components/Tabs';
import { actions, type SettingsTab, useSettingsTab } from '../../store';

const ModelsSettings = lazy(() =>
  import('../settings/ModelsSettings').then((module) => ({ default: module.ModelsSettings })),
);
const PermissionsSettings = lazy(() =>
  import('../settings/PermissionsSettings').then((module) => ({ default: module.PermissionsSettings })),
);
const ChatSettings = lazy(() =>
  import('../settings/ChatSettings').then((module) => ({ default: module.ChatSettings })),
);
const ShortcutsSettings = lazy(() =>
  import('../settings/ShortcutsSettings').then((module) => ({ default: module.ShortcutsSettings })),
);
const SamplingSettings = lazy(() =>
  import('../requests/SamplingSettings').then((module) => ({ default: module.SamplingSettings })),
);

const RegistrySettings = lazy(() =>
  import('../settings/RegistrySettings').then((module) => ({ default: module.RegistrySettings })),
);

const loading = <p className="muted settings-pending">Loading…</p>;

const TABS: TabSpec<SettingsTab>[] = [
  {
    id: 'models',
    label: 'Models',
    render: () => (
      <Suspense fallback={loading}>
        <ModelsSettings />
      </Suspense>
    ),
  },
  {
    id: 'chat',
    label: 'Chat',
    render: () => (
      <Suspense fallback={loading}>
        <ChatSettings />
      </Suspense>
    ),
  },
  {
    id: 'permissions',
    label: 'Permissions',
    render: () => (
      <Suspense fallback={loading}>
        <PermissionsSettings />
      </Suspense>
    ),
  },
  {
    id: 'sampling',
    label: 'Sampling',
    render: () => (
      <Suspense fallback={loading}>
        <SamplingSettings />
      </Suspense>
    ),
  },
  {
    id: 'registry',
    label: 'Registry',
    render: () => (
      <Suspense fallback={loading}>
        <RegistrySettings />
      </Suspense>
    ),
  },
  {
    id: 'shortcuts',
    label: 'Shortcuts',
    render: () => (
      <Suspense fallback={loading}>
        <ShortcutsSettings />
      </Suspense>
    ),
  },
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
