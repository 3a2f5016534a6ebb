// The Tasks section: what is running now across every server, and the tasks that ended.
import type { ReactNode } from 'react';
import { isTaskLive } from '../../../../shared/chat';
import { TaskList } from './TaskList';
import { useTasks } from './useTasks';

/** The main area of the Tasks section. */
export function TasksPage(): ReactNode {
  const tasks = useTasks();
  if (tasks === null) return <p className="muted panel-pad">Loading tasks…</p>;
  const running = tasks.filter(isTaskLive);
  const ended = tasks.filter((task) => !isTaskLive(task));
  return (
    <div className="tasks-page panel-pad">
      <h1>Tasks</h1>
      <p className="muted">
        Tool calls a server runs as tasks. They go on while you chat, survive a reload of this page, and are
        followed again after Switchboard restarts where the server keeps them.
      </p>
      <section>
        <h2>Running</h2>
        <TaskList tasks={running} label="Running tasks" empty="No task is running." />
      </section>
      <section>
        <h2>Ended</h2>
        <TaskList tasks={ended} label="Ended tasks" empty="No task has ended yet." />
      </section>
    </div>
  );
}

/** The sidebar of the Tasks section: how many are running. */
export function TasksSidebar(): ReactNode {
  const tasks = useTasks();
  const running = tasks?.filter(isTaskLive).length ?? 0;
  return (
    <div className="sidebar-empty">
      <p className="muted">{running === 1 ? '1 task running' : `${running} tasks running`}</p>
    </div>
  );
}

/** A server's Tasks tab. */
export function ServerTasksTab({ server }: { server: string }): ReactNode {
  const tasks = useTasks();
  if (tasks === null) return <p className="muted">Loading tasks…</p>;
  return (
    <TaskList
      tasks={tasks.filter((task) => task.server === server)}
      label={`Tasks of ${server}`}
      showServer={false}
      empty="This server has run no tasks."
    />
  );
}
