// Starts the host in browser mode as a child process, with its own config and data folder (no Playwright here, so vitest can use it too).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const EVERYTHING = {
  command: process.execPath,
  args: [resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
};

export function fixture(name: string, env?: Record<string, string>) {
  return { command: process.execPath, args: [resolve('test/fixtures', name)], ...(env ? { env } : {}) };
}

export type RunningHost = {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  configPath: string;
  process: ChildProcess;
  /** What the host wrote to stderr so far. */
  stderr(): string;
  /** What the host wrote to stdout so far. */
  stdout(): string;
  /** Stops the host the way a person's Ctrl+C would. */
  stop(): Promise<void>;
};

export type HostLaunch = {
  dataDir?: string;
  env?: Record<string, string>;
  /** `ready` (the default) waits until every server has started or failed; `open`, only for the address. */
  until?: 'open' | 'ready';
  /** The built browser-mode entry to run (benchmarks compare builds); `out/main/web.js` by default. */
  entry?: string;
  /** Runs the host as the unprivileged user `nobody` (through `setpriv`), as a person's desktop would not run as root. */
  asNobody?: boolean;
  /** More command-line arguments for the host (e.g. `--policy FILE`). */
  args?: string[];
};

/** The host's first line: the page's address, printed before servers finish starting. */
export const OPEN_LINE = /Switchboard is open at (\S+)/;
/** The host's line once every server has started or failed. */
export const READY_LINE = /Switchboard is ready: /;

/** Starts `node out/main/web.js` with `config` and waits for its ready line (or only its address, see `until`). */
export async function startHost(config: unknown, launch: HostLaunch = {}): Promise<RunningHost> {
  const dir = launch.dataDir ?? (await mkdtemp(join(tmpdir(), 'switchboard-e2e-')));
  const configPath = join(dir, 'config.json');
  if (config !== undefined)
    await writeFile(configPath, typeof config === 'string' ? config : JSON.stringify(config));
  const hostArgs = [
    launch.entry ?? 'out/main/web.js',
    '--data',
    dir,
    '--config',
    configPath,
    '--port',
    '0',
    ...(launch.args ?? []),
  ];
  const nobody = ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath];
  const child = spawn(
    launch.asNobody ? 'setpriv' : process.execPath,
    launch.asNobody ? [...nobody, ...hostArgs] : hostArgs,
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...launch.env },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`host did not get ready:\n${stdout}\n${stderr}`)), 45_000);
    child.stdout.on('data', () => {
      const match = OPEN_LINE.exec(stdout);
      if (match?.[1] && (launch.until === 'open' || READY_LINE.test(stdout))) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    child.once('exit', (code) => fail(new Error(`host exited with ${code}:\n${stdout}\n${stderr}`)));
  });
  const parsed = new URL(url);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    dataDir: dir,
    configPath,
    process: child,
    stderr: () => stderr,
    stdout: () => stdout,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
