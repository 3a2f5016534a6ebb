// One server's page: its header and the Overview, Tools, Skills (when it serves them), Logs and Protocol tabs.

import { skillsSupport } from '../../../../shared/skills';
import { lazyView } from '../../components/lazyView';
import { PartBoundary } from '../../components/PartBoundary';
import { Tabs } from '../../components/Tabs';
import { type TabId, useActions, useServer, useTab } from '../../store';
import { LogsTab } from '../logs/LogsTab';
import { ProtocolTab } from '../logs/ProtocolTab';
import { ServerRootsTab } from '../roots/ServerRootsTab';
import { SkillsTab } from '../skills/SkillsTab';
import { ServerTasksTab } from '../tasks/TasksPage';
import { OverviewTab } from './OverviewTab';
import { ServerHeader } from './ServerHeader';
import { UnusableEntry } from './UnusableEntry';

const ToolsTab = lazyView(
  () => import('../tools/ToolsTab').then((module) => module.ToolsTab),
  () => <p className="muted">Loading…</p>,
);

/** The main area for the selected server. */
export function ServerView({ name }: { name: string }) {
  const view = useServer(name);
  const tab = useTab();
  const { tabSelected } = useActions();
  if (!view) return null;
  if (view.configProblem) return <UnusableEntry view={view} problem={view.configProblem} />;
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
                <PartBoundary key={name}>
                  <ToolsTab server={view} />
                </PartBoundary>
              </div>
            ),
          },
          ...(skillsSupport(view.capabilities).skills
            ? [
                {
                  id: 'skills' as const,
                  label: 'Skills',
                  render: () => (
                    <div className="panel-pad">
                      <SkillsTab view={view} />
                    </div>
                  ),
                },
              ]
            : []),
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
