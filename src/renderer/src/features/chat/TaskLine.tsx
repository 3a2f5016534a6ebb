// A tool card's task: its status and the server's message as it polls, and Cancel while it runs.
import type { ReactNode } from 'react';
import type { TaskView, ToolCallView } from '../../../../shared/chat';
import { isTaskLive } from '../../../../shared/chat';
import { CancelTaskButton } from '../tasks/CancelTaskButton';
import { pollText, taskStatusText } from '../tasks/taskText';

/** The `status` line of a task-backed call (a live region, so changes are announced). */
export function TaskLine({ call, task }: { call: ToolCallView; task: TaskView }): ReactNode {
  const live = isTaskLive(task) && call.status === 'running';
  const poll = live ? pollText(task.pollIntervalMs) : undefined;
  return (
    <div className="tool-task">
      <p className="tool-task-status" role="status">
        Task {taskStatusText(task.status)}
        {task.statusMessage ? `: ${task.statusMessage}` : ''}
      </p>
      {poll ? <p className="muted tool-task-poll">Status {poll}.</p> : null}
      {live ? (
        <CancelTaskButton server={call.server} taskId={task.id} label={`Cancel task ${call.tool}`} />
      ) : null}
    </div>
  );
}
