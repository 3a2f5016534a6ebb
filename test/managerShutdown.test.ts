// Quitting while a server hangs at start: the quit stops it at once instead of waiting for it to give up.
import { describe, expect, it } from 'vitest';
import { ServerManager } from '../src/main/servers/manager';
import type { ServerView } from '../src/shared/types';
import { fixtureEntry, isAlive, until } from './helpers';

describe('shutting down while a server is still starting', { timeout: 20_000 }, () => {
  it('stops the hung server and the others without waiting for its start to time out', async () => {
    const views = new Map<string, ServerView>();
    const manager = new ServerManager(
      // Far longer than the test may run: only a stop can end this start.
      { initTimeoutMs: 600_000 },
      {
        changed: (view) => views.set(view.name, view),
        removed: () => {},
        log: () => {},
        wire: () => {},
        resourceUpdated: () => {},
      },
    );
    const applied = manager.apply({
      hung: fixtureEntry('never-initialize.mjs'),
      quick: fixtureEntry('env-echo.mjs'),
    });
    await until('the quick server to run', () => views.get('quick')?.state.kind === 'running');
    const hungPid = await until('the hung server to be spawned', () => views.get('hung')?.pid);
    expect(views.get('hung')?.state.kind).toBe('starting');

    await manager.shutdown();
    await applied;
    expect(views.get('hung')?.state.kind).toBe('stopped');
    expect(views.get('quick')?.state.kind).toBe('stopped');
    await until('the hung process to be gone', () => !isAlive(hungPid), 5000);
  });
});
