// Notices when another program changes config.json while the app runs, and has the store read it again.
import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import { messageOf } from '../errors';
import type { ConfigStore } from './configStore';

/**
 * Watches the folder of `store.path` (editors replace files, which a watch on the file itself misses)
 * and, a moment after the last change, re-reads the file through the store. Returns a function that
 * stops watching.
 */
export function watchConfigFile(
  store: ConfigStore,
  options: { debounceMs?: number; onProblem?: (message: string) => void } = {},
): () => void {
  const name = basename(store.path);
  const debounceMs = options.debounceMs ?? 150;
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  const reload = () => {
    timer = undefined;
    store
      .reloadIfChanged()
      .catch((error) => options.onProblem?.(`Could not re-read ${store.path}: ${messageOf(error)}`));
  };
  try {
    watcher = watch(dirname(store.path), { persistent: false }, (_event, file) => {
      if (file !== null && file.toString() !== name) return;
      clearTimeout(timer);
      timer = setTimeout(reload, debounceMs);
    });
    watcher.on('error', (error) =>
      options.onProblem?.(`Stopped watching ${store.path} for outside changes: ${messageOf(error)}`),
    );
  } catch (error) {
    options.onProblem?.(
      `Cannot watch ${store.path} for outside changes (${messageOf(error)}); use Reload after editing it elsewhere.`,
    );
  }
  return () => {
    clearTimeout(timer);
    watcher?.close();
  };
}
