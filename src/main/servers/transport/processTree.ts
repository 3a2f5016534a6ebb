// Finds and ends the whole process tree a server started (wrappers like npx leave grandchildren).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

/** How long to wait for SIGKILLed processes to be gone. */
const KILL_WAIT_MS = 1000;

/** Every live descendant of `pid`, nearest first. */
export async function descendantsOf(pid: number): Promise<number[]> {
  const parents = await parentTable();
  const children = new Map<number, number[]>();
  for (const [child, parent] of parents) {
    const list = children.get(parent) ?? [];
    list.push(child);
    children.set(parent, list);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = children.get(queue.shift()!) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

async function parentTable(): Promise<Map<number, number>> {
  if (process.platform === 'linux') return linuxParents();
  if (process.platform === 'win32') return new Map();
  return psParents();
}

async function linuxParents(): Promise<Map<number, number>> {
  const table = new Map<number, number>();
  // Without /proc no descendants are found: only the server (and its group, where it has one) is ended.
  const entries = await readdir('/proc').catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        // A process that ended while the table was read is left out.
        const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
        // The command name may hold spaces and parentheses; fields resume after the last ')'.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const parent = Number(fields[1]);
        if (Number.isInteger(parent)) table.set(Number(name), parent);
      }),
  );
  return table;
}

function psParents(): Promise<Map<number, number>> {
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid='], { timeout: 5000 }, (error, stdout) => {
      const table = new Map<number, number>();
      if (!error) {
        for (const line of stdout.split('\n')) {
          const [pid, ppid] = line.trim().split(/\s+/).map(Number);
          if (pid && ppid !== undefined) table.set(pid, ppid);
        }
      }
      resolve(table);
    });
  });
}

/** True while `pid` runs; an exited process not yet reaped (a zombie) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

function groupExists(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isZombie(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] === 'Z';
  } catch {
    return true;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/**
 * SIGTERM every pid (and the process group `group`, where given), then SIGKILL whatever is
 * still alive after `graceMs`.
 */
export async function terminate(pids: number[], graceMs = 2000, group?: number): Promise<void> {
  if (process.platform === 'win32') {
    await Promise.all(pids.map((pid) => taskkill(pid)));
    return;
  }
  const alive = pids.filter(isAlive);
  const groupAlive = () => group !== undefined && groupExists(group);
  if (alive.length === 0 && !groupAlive()) return;
  if (group !== undefined) signal(-group, 'SIGTERM');
  for (const pid of alive) signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && (alive.some(isAlive) || groupAlive())) await sleep(50);
  if (group !== undefined) signal(-group, 'SIGKILL');
  for (const pid of alive) if (isAlive(pid)) signal(pid, 'SIGKILL');
  const killDeadline = Date.now() + KILL_WAIT_MS;
  while (Date.now() < killDeadline && alive.some(isAlive)) await sleep(20);
}

function taskkill(pid: number): Promise<void> {
  return new Promise((resolve) => {
    execFile('taskkill', ['/pid', String(pid), '/T', '/F'], () => resolve());
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
