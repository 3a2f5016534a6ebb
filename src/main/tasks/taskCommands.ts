// The tasks commands: the list of tasks and Cancel.
import type { CommandHandlers } from '../../shared/contract';
import type { TaskTracker } from './taskTracker';

export function taskCommands(tracker: TaskTracker): Pick<CommandHandlers, 'tasks.list' | 'tasks.cancel'> {
  return {
    'tasks.list': async () => tracker.list(),
    'tasks.cancel': async ({ server, taskId }) => {
      await tracker.cancel(server, taskId);
      return null;
    },
  };
}
