// The Tasks section: what is running now across every server, and the tasks that ended.
import type { ReactNode } from 'react';
import { isTaskLive } from '../../../../shared/chat';
import { useT } from '../../i18n';
import { TaskList } from './TaskList';
import { useTasks } from './useTasks';

/** The main area of the Tasks section. */
export function TasksPage(): ReactNode {
  const t = useT();
  const tasks = useTasks();
  if (tasks === null) return <p className="muted panel-pad">{t('tasks.loading')}</p>;
  const running = tasks.filter(isTaskLive);
  const ended = tasks.filter((task) => !isTaskLive(task));
  return (
    <div className="tasks-page panel-pad">
      <h1>{t('tasks.page.title')}</h1>
      <p className="muted">{t('tasks.page.intro')}</p>
      <section>
        <h2>{t('tasks.page.running')}</h2>
        <TaskList tasks={running} label={t('tasks.page.runningLabel')} empty={t('tasks.page.noneRunning')} />
      </section>
      <section>
        <h2>{t('tasks.page.ended')}</h2>
        <TaskList tasks={ended} label={t('tasks.page.endedLabel')} empty={t('tasks.page.noneEnded')} />
      </section>
    </div>
  );
}

/** The sidebar of the Tasks section: how many are running. */
export function TasksSidebar(): ReactNode {
  const t = useT();
  const tasks = useTasks();
  const running = tasks?.filter(isTaskLive).length ?? 0;
  return (
    <div className="sidebar-empty">
      <p className="muted">{t('tasks.sidebar.running', { count: running })}</p>
    </div>
  );
}

/** A server's Tasks tab. */
export function ServerTasksTab({ server }: { server: string }): ReactNode {
  const t = useT();
  const tasks = useTasks();
  if (tasks === null) return <p className="muted">{t('tasks.loading')}</p>;
  return (
    <TaskList
      tasks={tasks.filter((task) => task.server === server)}
      label={t('tasks.server.label', { server })}
      showServer={false}
      empty={t('tasks.server.none')}
    />
  );
}
