// A list of tasks: tool and server, status and its message, age, the conversation it belongs to, and Cancel.
import type { ReactNode } from 'react';
import type { TaskEntry } from '../../../../shared/chat';
import { isTaskLive } from '../../../../shared/chat';
import { useFormat, useT } from '../../i18n';
import { actions } from '../../store';
import { CancelTaskButton } from './CancelTaskButton';
import { ageText, taskStatusText } from './taskText';
import { useNow } from './useTasks';
import './tasks.css';

export type TaskListProps = { tasks: TaskEntry[]; label: string; showServer?: boolean; empty: string };

/** A `list` named `label`; each task is a `listitem` named after its tool. */
export function TaskList({ tasks, label, showServer = true, empty }: TaskListProps): ReactNode {
  const t = useT();
  const f = useFormat();
  const now = useNow();
  if (tasks.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="task-list" aria-label={label}>
      {tasks.map((task) => (
        <li
          key={`${task.server}\u0000${task.id}`}
          className="task-row"
          aria-label={t('tasks.list.task', { tool: task.tool })}
        >
          <div className="task-row-head">
            <span className="task-tool">{task.tool}</span>
            {showServer ? <span className="task-server">{task.server}</span> : null}
            {/* i18n-ignore: CSS classes */}
            <span className={`task-status task-status-${task.status}`}>{taskStatusText(task.status)}</span>
            <span className="muted task-age" title={task.createdAt ? f.dateTime(task.createdAt) : undefined}>
              {t('tasks.list.started', { age: ageText(task.createdAt, now) })}
            </span>
          </div>
          {task.statusMessage ? <p className="task-message">{task.statusMessage}</p> : null}
          <div className="task-row-actions">
            {task.conversationId ? (
              <button
                type="button"
                className="link-button"
                onClick={() => task.conversationId && actions.chatOpened(task.conversationId)}
              >
                {t('tasks.list.open', { title: task.conversationTitle ?? t('tasks.list.untitled') })}
              </button>
            ) : null}
            {isTaskLive(task) ? (
              <CancelTaskButton
                server={task.server}
                taskId={task.id}
                label={t('tasks.list.cancelLabel', { tool: task.tool })}
              />
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
