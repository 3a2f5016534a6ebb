// The upload commands: a file to attach crosses from the window in bounded chunks (begin, chunk, finish, cancel).
import type { CommandHandlers } from '../../shared/contract';
import type { UploadStore } from './uploads';

type UploadCommandName = Extract<keyof CommandHandlers, `uploads.${string}`>;

export function uploadCommands(uploads: UploadStore): Pick<CommandHandlers, UploadCommandName> {
  return {
    'uploads.begin': async (file) => uploads.begin(file),
    'uploads.chunk': async ({ id, offset, data }) => uploads.chunk(id, offset, data),
    'uploads.finish': async ({ id }) => uploads.finish(id),
    'uploads.cancel': async ({ id }) => {
      uploads.cancel(id);
      return null;
    },
  };
}
