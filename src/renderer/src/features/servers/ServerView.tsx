// One server's page: its header and the Overview, Tools, Skills (when it serves them), Logs and Protocol tabs.

import { skillsSupport } from '../../../../shared/skills';
import { lazyView } from '../../components/lazyView';
import { PartBoundary } from '../../components/PartBoundary';
import { Tabs } from '../../components/Tabs';
import { useT } from '../../i18n';
import { type TabId, useActions, useServer, useTab } from '../../store';
import { LogsTab } from '../logs/LogsTab';
import { ProtocolTab } from '../logs/ProtocolTab';
import { ServerRootsTab } from '../roots/ServerRootsTab';
import { SkillsTab } from '../skills/SkillsTab';
import { ServerTasksTab } from '../tasks/TasksPage';
import { OverviewTab } from './OverviewTab';
import { ServerHeader } from './ServerHeader';
import { UnusableEntry } from './UnusableEntry';

function Loading() {
  const t = useT();
  return <p className="muted">{t('servers.view.loading')}</p>;
}

const ToolsTab = lazyView(
  () => import('../tools/ToolsTab').then((module) => module.ToolsTab),
  () => <Loading />,
);

/** The main area for the selected server. */
export function ServerView({ name }: { name: string }) {
  const t = useT();
  const view = useServer(name);
  const tab = useTab();
  const { tabSelected } = useActions();
  if (!view) return null;
  if (view.configProblem) return <UnusableEntry view={view} problem={view.configProblem} />;
  return (
    <div className="server-view">
      <ServerHeader view={view} />
      <Tabs<TabId>
        ariaLabel={t('servers.view.sections', { server: name })}
        selected={tab}
        onSelect={tabSelected}
        tabs={[
          {
            id: 'overview',
            label: t('servers.view.tab.overview'),
            render: () => <OverviewTab view={view} />,
          },
          {
            id: 'tools',
            label: t('servers.view.tab.tools'),
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
                  label: t('servers.view.tab.skills'),
                  render: () => (
                    <div className="panel-pad">
                      <SkillsTab view={view} />
                    </div>
                  ),
                },
              ]
            : []),
          { id: 'logs', label: t('servers.view.tab.logs'), render: () => <LogsTab key={name} view={view} /> },
          {
            id: 'protocol',
            label: t('servers.view.tab.protocol'),
            render: () => <ProtocolTab key={name} server={name} />,
          },
          {
            id: 'roots',
            label: t('servers.view.tab.roots'),
            render: () => <ServerRootsTab key={name} server={name} />,
          },
          {
            id: 'tasks',
            label: t('servers.view.tab.tasks'),
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
