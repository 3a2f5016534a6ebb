// The commands and events of the Tasks list: running tasks and those saved with conversations.
import { z } from 'zod';
import type { TaskEntry } from '../chat';
import { serverNameSchema } from '../configSchema';
import { command, event } from './spec';

export const commands = {
  /** Every task: running ones and those saved with conversations. */
  'tasks.list': command(z.strictObject({})).returns<TaskEntry[]>(),
  /** Asks a task's server to cancel it. */
  'tasks.cancel': command(
    z.strictObject({ server: serverNameSchema, taskId: z.string().min(1).max(500) }),
  ).returns<null>(),
};

export const events = {
  /** The Tasks list changed (a task started, changed or ended). */
  'tasks.changed': event<TaskEntry[]>(),
};
