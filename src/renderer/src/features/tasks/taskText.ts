// Words for tasks: status, age and polling.
import type { TaskStatus } from '../../../../shared/chat';

const STATUS: Record<TaskStatus, string> = {
  working: 'working',
  input_required: 'needs your input',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

export function taskStatusText(status: TaskStatus): string {
  return STATUS[status];
}

/** `12 s`, `3 min`, `2 h`, `4 d` since `since` (epoch ms). */
export function ageText(since: number | undefined, now: number): string {
  if (since === undefined) return 'unknown';
  const seconds = Math.max(0, Math.round((now - since) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** `checked every 0.5 s`, as the server asked. */
export function pollText(pollIntervalMs: number | undefined): string | undefined {
  if (pollIntervalMs === undefined) return undefined;
  const seconds = Math.round(pollIntervalMs / 100) / 10;
  return `checked every ${seconds} s, as the server asks`;
}
