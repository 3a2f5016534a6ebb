// Words for tasks: status and age.
import type { TaskStatus } from '../../../../shared/chat';
import { translate } from '../../i18n';

/** `working`, `needs your input`, `completed`, … in the page's language. */
export function taskStatusText(status: TaskStatus): string {
  return translate('tasks.status', { status });
}

/** `12 s`, `3 min`, `2 h`, `4 d` since `since` (epoch ms). */
export function ageText(since: number | undefined, now: number): string {
  if (since === undefined) return translate('tasks.age.unknown');
  const seconds = Math.max(0, Math.round((now - since) / 1000));
  if (seconds < 60) return translate('tasks.age.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return translate('tasks.age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return translate('tasks.age.hours', { count: hours });
  return translate('tasks.age.days', { count: Math.floor(hours / 24) });
}
