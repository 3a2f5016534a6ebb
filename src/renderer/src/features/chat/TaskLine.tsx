// A tool card's task: its status and the server's message as it polls, and Cancel while it runs.
import type { ReactNode } from 'react';
import type { TaskView, ToolCallView } from '../../../../shared/chat';
import { isTaskLive } from '../../../../shared/chat';
import { useT } from '../../i18n';
import { CancelTaskButton } from '../tasks/CancelTaskButton';

/** The `status` line of a task-backed call (a live region, so changes are announced). */
export function TaskLine({ call, task }: { call: ToolCallView; task: TaskView }): ReactNode {
  const t = useT();
  const live = isTaskLive(task) && call.status === 'running';
  const { status } = task;
  // Tenths of a second, as the server asked.
  const seconds =
    live && task.pollIntervalMs !== undefined ? Math.round(task.pollIntervalMs / 100) / 10 : undefined;
  return (
    <div className="tool-task">
      <p className="tool-task-status" role="status">
        {task.statusMessage
          ? t('chatTools.task.statusMessage', { status, message: task.statusMessage })
          : t('chatTools.task.status', { status })}
      </p>
      {seconds !== undefined ? (
        <p className="muted tool-task-poll">{t('chatTools.task.poll', { seconds })}</p>
      ) : null}
      {live ? (
        <CancelTaskButton
          server={call.server}
          taskId={task.id}
          label={t('chatTools.task.cancel', { tool: call.tool })}
        />
      ) : null}
    </div>
  );
}
