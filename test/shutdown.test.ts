// Stopping a server ends its whole process tree, even processes that ignore SIGTERM and stdin EOF.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Connections, fixtureEntry, isAlive, timed, until } from './helpers';

const connections = new Connections();
const dir = mkdtempSync(join(tmpdir(), 'switchboard-shutdown-'));
const started: number[] = [];

afterEach(() => connections.stopAll(), 20_000);
afterAll(() => {
  // Never leave a stubborn process behind, even when a test failed.
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

const pidsIn = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);

describe('stopping a server', { timeout: 30_000 }, () => {
  it('ends the server and the grandchild it started', async () => {
    const childFile = join(dir, 'child-1.pid');
    const grandchildFile = join(dir, 'grandchild-1.pid');
    const server = connections.create(
      'stubborn',
      fixtureEntry('grandchild.mjs', {
        env: { CHILD_PID_FILE: childFile, GRANDCHILD_PID_FILE: grandchildFile },
      }),
    );
    await server.start();
    expect(server.view().state.kind, JSON.stringify(server.view().state)).toBe('running');
    const hello = await server.callTool('hello', {});
    expect(hello.content[0]).toMatchObject({ type: 'text' });

    const child = server.pid;
    expect(child).toBeTypeOf('number');
    // Every start writes a line (a protocol probe may start the server once more).
    const children = pidsIn(childFile);
    const grandchildren = pidsIn(grandchildFile);
    started.push(...children, ...grandchildren);
    expect(children).toContain(child);
    expect(isAlive(child as number)).toBe(true);
    const ours = grandchildren[children.indexOf(child as number)] as number;
    expect(isAlive(ours)).toBe(true);

    const { ms } = await timed(server.stop());
    expect(server.view().state.kind).toBe('stopped');
    expect(server.pid).toBeUndefined();
    await until(
      'the server and its grandchild to be gone',
      () => !isAlive(child as number) && !isAlive(ours),
      5000,
    );
    expect(ms).toBeLessThan(15_000);
  });

  it('leaves none of the processes any start created', async () => {
    const childFile = join(dir, 'child-2.pid');
    const grandchildFile = join(dir, 'grandchild-2.pid');
    const server = connections.create(
      'stubborn',
      fixtureEntry('grandchild.mjs', {
        env: { CHILD_PID_FILE: childFile, GRANDCHILD_PID_FILE: grandchildFile },
      }),
    );
    await server.start();
    expect(server.view().state.kind).toBe('running');
    const session = server.pid;
    await server.stop();
    const children = pidsIn(childFile);
    const grandchildren = pidsIn(grandchildFile);
    const all = [...children, ...grandchildren];
    started.push(...all);
    await until('every started process to be gone', () => all.every((pid) => !isAlive(pid)), 5000).catch(
      () => undefined,
    );
    // Name each survivor: a start the host never saw (a protocol probe) shows up as "not the session".
    const survivors = children.flatMap((child, i) => {
      const role = child === session ? 'session' : 'not the session (probe?)';
      return [
        ...(isAlive(child) ? [`child ${child} (${role})`] : []),
        ...(isAlive(grandchildren[i] as number)
          ? [`grandchild ${grandchildren[i]} of ${role} child ${child}`]
          : []),
      ];
    });
    expect(survivors, `${children.length} start(s) recorded`).toEqual([]);
  });

  it('ends the tree on restart() too', async () => {
    const childFile = join(dir, 'child-3.pid');
    const grandchildFile = join(dir, 'grandchild-3.pid');
    const server = connections.create(
      'stubborn',
      fixtureEntry('grandchild.mjs', {
        env: { CHILD_PID_FILE: childFile, GRANDCHILD_PID_FILE: grandchildFile },
      }),
    );
    await server.start();
    const first = server.pid as number;
    const firstGrandchild = pidsIn(grandchildFile)[pidsIn(childFile).indexOf(first)] as number;
    await server.restart();
    started.push(...pidsIn(childFile), ...pidsIn(grandchildFile));
    expect(server.view().state.kind).toBe('running');
    expect(server.pid).not.toBe(first);
    await until(
      'the first server and its grandchild to be gone',
      () => !isAlive(first) && !isAlive(firstGrandchild),
      5000,
    );
  });
});
