// The launcher seam's sandbox: each start of a local server is resolved, wrapped, and released when its process ends.
import { isAbsolute, relative, sep } from 'node:path';
import type { StdioServerEntry } from '../../shared/types';
import { textOf } from '../errors';
import type { Launcher, LaunchHooks } from '../servers/transport/launcher';
import { SandboxStartError } from './resolve';

/** One start, wrapped: the entry that runs it in the sandbox, what it may read, and what to do once it has ended. */
export type WrappedEntry = {
  entry: StdioServerEntry;
  /** Everything it may read, to tell a path it could not reach. */
  visible: readonly string[];
  release: () => void;
};

/** How one start gets its sandbox; undefined when this start runs without one (and the log was told why). */
export type StartWrapper = (hooks: LaunchHooks) => Promise<WrappedEntry | undefined>;

/**
 * `entry`'s launcher, each start wrapped by `wrap` and launched by `local`. What a start fails to reach (a
 * path its stderr names outside what it sees) is said with the failure.
 */
export function sandboxed(
  entry: StdioServerEntry,
  wrap: StartWrapper,
  local: (entry: StdioServerEntry) => Launcher,
): Launcher {
  const plain = local(entry);
  let unreachable: string | undefined;
  return {
    label: plain.label,
    key: plain.key,
    slowStartAdvice: plain.slowStartAdvice,
    async open(hooks) {
      unreachable = undefined;
      const wrapped = await wrap(hooks);
      if (!wrapped) return plain.open(hooks);
      let transport: Awaited<ReturnType<Launcher['open']>>;
      try {
        transport = await local(wrapped.entry).open({
          ...hooks,
          log: (source, level, text) => {
            unreachable ??= hiddenPathIn(text, wrapped.visible);
            hooks.log(source, level, text);
          },
          exited: (exit, settled) => {
            wrapped.release();
            hooks.exited(exit, settled);
          },
        });
      } catch (error) {
        wrapped.release();
        throw error;
      }
      const close = transport.close.bind(transport);
      transport.close = async () => {
        await close();
        wrapped.release();
      };
      return transport;
    },
    explain(error) {
      if (error instanceof SandboxStartError && error.code !== 'ENOENT') {
        return {
          id: 'host.servers.couldNotStartSandboxed',
          values: { label: plain.label, error: textOf(error) },
        };
      }
      return plain.explain(error);
    },
    exitHint: () =>
      unreachable ? { id: 'host.servers.sandboxHidesPath', values: { path: unreachable } } : undefined,
  };
}

/** Error words that come with a path a program could not open. */
const NOT_FOUND =
  /ENOENT|EACCES|EPERM|EROFS|no such file|permission denied|read-only file system|cannot find module|not found/i;

/** The first absolute path in an error line `text` that lies outside `visible`, if any. */
export function hiddenPathIn(text: string, visible: readonly string[]): string | undefined {
  if (!NOT_FOUND.test(text)) return undefined;
  for (const match of text.matchAll(/(?:^|[\s'"`(:=])(\/[^\s'"`),:]+)/g)) {
    const path = match[1]?.replace(/[.;]+$/, '');
    if (path && path.length > 1 && !visible.some((folder) => within(path, folder))) return path;
  }
  return undefined;
}

function within(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}
