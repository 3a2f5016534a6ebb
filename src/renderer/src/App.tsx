// The window's layout: connection state, config problems, the sidebar (chat or servers) and the main area.

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
import { ResourcesView } from './features/resources/ResourcePreview';
import { ResourceTreeWarmer } from './features/resources/treeCache';
import { RootsHost } from './features/roots/RootsHost';
import { RootsPage } from './features/roots/RootsPage';
import { EmptyState } from './features/servers/EmptyState';
import { ServerView } from './features/servers/ServerView';
import { ConfigProblem } from './features/settings/ConfigProblem';
import { DialogHost } from './features/settings/DialogHost';
import { TasksPage } from './features/tasks/TasksPage';
import { WelcomeGate } from './features/welcome/WelcomeGate';
import { useLink, useLoaded, useSection, useSelectedName, useServerCount, useSettingsTab } from './store';

function ServersMain() {
  const selected = useSelectedName();
  const count = useServerCount();
  return count > 0 && selected !== null ? <ServerView name={selected} /> : <EmptyState />;
}

function Workbench() {
  const section = useSection();
  const settings = useSettingsTab();
  const stale = useLink() !== 'connected';
  return (
    <div className={stale ? 'workbench stale' : 'workbench'} aria-busy={stale}>
      <Sidebar />
      <main className="main-area">
        {settings ? (
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
        )}
      </main>
    </div>
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
          <CommandPalette />
          <ResourceTreeWarmer />
        </>
      ) : (
        <StartScreen />
      )}
    </div>
  );
}
