// One server's page: its header and the Overview, Tools, Logs and Protocol tabs.
import { lazy, Suspense } from 'react';
import { Tabs } from '../../components/Tabs';
import { type TabId, useActions, useServer, useTab } from '../../store';
import { LogsTab } from '../logs/LogsTab';
import { ProtocolTab } from '../logs/ProtocolTab';
import { ServerRootsTab } from '../roots/ServerRootsTab';
import { ServerTasksTab } from '../tasks/TasksPage';
import { OverviewTab } from './OverviewTab';
import { ServerHeader } from './ServerHeader';

const ToolsTab = lazy(() => import('../tools/ToolsTab').then((module) => ({ default: module.ToolsTab })));

/** The main area for the selected server. */
export function ServerView({ name }: { name: string }) {
  const view = useServer(name);
  const tab = useTab();
  const { tabSelected } = useActions();
  if (!view) return null;
  return (
    <div className="server-view">
      <ServerHeader view={view} />
      <Tabs<TabId>
        ariaLabel={`${name} sections`}
        selected={tab}
        onSelect={tabSelected}
        tabs={[
          { id: 'overview', label: 'Overview', render: () => <OverviewTab view={view} /> },
          {
            id: 'tools',
            label: 'Tools',
            render: () => (
              <div className="panel-pad">
                <Suspense fallback={<p className="muted">Loading…</p>}>
                  <ToolsTab key={name} server={view} />
                </Suspense>
              </div>
            ),
          },
          { id: 'logs', label: 'Logs', render: () => <LogsTab key={name} view={view} /> },
          { id: 'protocol', label: 'Protocol', render: () => <ProtocolTab key={name} server={name} /> },
          { id: 'roots', label: 'Roots', render: () => <ServerRootsTab key={name} server={name} /> },
          {
            id: 'tasks',
            label: 'Tasks',
            render: () => (
              <div className="panel-pad">
                <ServerTasksTab server={name} />
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
