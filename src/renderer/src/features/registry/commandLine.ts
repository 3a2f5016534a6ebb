// How an entry is shown before it is added: the exact words it runs, or the address it reaches.
import type { ServerEntry } from '../../../../shared/types';
import { shellWord } from '../../components/format';

/** One line: the command and its arguments quoted as a shell would need them, or the URL. */
export function entryLine(entry: ServerEntry): string {
  if ('url' in entry) return entry.url;
  return [entry.command, ...(entry.args ?? [])].map(shellWord).join(' ');
}
