// The window's layout: connection state, config problems, the sidebar (chat or servers) and the main area.

import { lazyView } from './components/lazyView';
import { PartBoundary } from './components/PartBoundary';
import { ServerApprovalHost } from './features/approvals/ServerApprovalHost';
import { ChatView } from './features/chat/ChatView';
import { SettingsView } from './features/chat/SettingsView';
import { Sidebar } from './features/chat/Sidebar';
import { ConnectionBanner } from './features/connection/ConnectionBanner';
import { StartScreen } from './features/connection/StartScreen';
import { TokenScreen } from './features/connection/TokenScreen';
import { ConsentHost } from './features/consent/ConsentHost';
import { InputsHost } from './features/inputs/InputsHost';
import { CommandPalette } from './features/palette/CommandPalette';
import { RequestsHost } from './features/requests/RequestsHost';
import { ResourceTreeWarmer } from './features/resources/treeCache';
import { RootsHost } from './features/roots/RootsHost';
import { RootsPage } from './features/roots/RootsPage';
import { EmptyState } from './features/servers/EmptyState';
import { ConfigProblem } from './features/settings/ConfigProblem';
import { DialogHost } from './features/settings/DialogHost';
import { SkillApprovalHost } from './features/skills/SkillApprovalHost';
import { TasksPage } from './features/tasks/TasksPage';
import { WelcomeGate } from './features/welcome/WelcomeGate';
import { useLink, useLoaded, useSection, useSelectedName, useServerCount, useSettingsTab } from './store';

// The larger sections other than chat: their code loads once the page is idle, and at the latest when a section
// is first opened. The Roots and Tasks pages are small and share their code with the sidebar, so they come with it.
const ServerView = lazyView(() =>
  import('./features/servers/ServerView').then((module) => module.ServerView),
);
const ResourcesView = lazyView(() =>
  import('./features/resources/ResourcePreview').then((module) => module.ResourcesView),
);

/** Fetches every section's code, so that opening one later does not wait for it. */
export function loadSections(): void {
  for (const section of [ServerView, ResourcesView]) section.load().catch(() => {});
}

function ServersMain() {
  const selected = useSelectedName();
  const count = useServerCount();
  if (count === 0 || selected === null) return <EmptyState />;
  // One boundary per server: choosing another server tries its page again.
  return (
    <PartBoundary key={selected}>
      <ServerView name={selected} />
    </PartBoundary>
  );
}

function Workbench() {
  const section = useSection();
  const settings = useSettingsTab();
  const stale = useLink() !== 'connected';
  return (
    <div className={stale ? 'workbench stale' : 'workbench'} aria-busy={stale}>
      <Sidebar />
      <main className="main-area">
        <PartBoundary key={settings ? 'settings' : section}>
          {mainSection(settings !== null, section)}
        </PartBoundary>
      </main>
    </div>
  );
}

/** What the main area shows: settings when open, else the section chosen in the sidebar. */
function mainSection(settings: boolean, section: ReturnType<typeof useSection>) {
  return settings ? (
    <SettingsView />
  ) : section === 'chat' ? (
    <WelcomeGate>
      <ChatView />
    </WelcomeGate>
  ) : section === 'resources' ? (
    <ResourcesView />
  ) : section === 'roots' ? (
    <RootsPage />
  ) : section === 'tasks' ? (
    <TasksPage />
  ) : (
    <ServersMain />
  );
}

/** The root component. */
export function App() {
  const link = useLink();
  const loaded = useLoaded();
  if (link === 'unauthorized') return <TokenScreen />;
  return (
    <div className="app">
      <ConnectionBanner />
      {loaded ? (
        <>
          <ConfigProblem />
          <Workbench />
          <DialogHost />
          <ConsentHost />
          <RequestsHost />
          <RootsHost />
          <InputsHost />
          <ServerApprovalHost />
          <SkillApprovalHost />
          <CommandPalette />
          <ResourceTreeWarmer />
        </>
      ) : (
        <StartScreen />
      )}
    </div>
  );
}
