// Starts test/fixtures/remote-server.mjs as a real process and drives its control endpoints.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../fixtures/remote-server.mjs', import.meta.url));

export type RemoteOptions = {
  transport?: 'http' | 'sse';
  auth?: boolean;
  tokenSeconds?: number;
  port?: number;
};

export type RemoteFixture = {
  url: string;
  issuer?: string;
  port: number;
  /** POST /control/<name>?params */
  control(name: string, params?: Record<string, string>): Promise<void>;
  stats(): Promise<FixtureStats>;
  /** Ends the process at once, dropping every connection. */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

export type FixtureStats = {
  sessions: number;
  unauthorized: number;
  forbidden: number;
  expiredSessions: number;
  /** The headers of the last request to the server (not the control endpoints). */
  lastHeaders: Record<string, string>;
  auth?: {
    registrations: number;
    authorizePages: number;
    approvals: number;
    codeGrants: number;
    refreshGrants: number;
    failedRefreshes: number;
    revocations: number;
  };
};

const running = new Set<ChildProcess>();

/** Starts the fixture and waits for its address line. */
export async function startRemote(options: RemoteOptions = {}): Promise<RemoteFixture> {
  const args = [SCRIPT, '--transport', options.transport ?? 'http', '--port', String(options.port ?? 0)];
  if (options.auth) args.push('--auth');
  if (options.tokenSeconds !== undefined) args.push('--token-seconds', String(options.tokenSeconds));
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const line = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const end = stdout.indexOf('\n');
      if (end >= 0) resolve(stdout.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`remote fixture exited with ${code}: ${stderr}`)));
  });
  const info = JSON.parse(line) as { url: string; control: string; issuer?: string };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    running.delete(child);
  };
  return {
    url: info.url,
    issuer: info.issuer,
    port: Number(new URL(info.url).port),
    async control(name, params = {}) {
      const query = new URLSearchParams(params).toString();
      const response = await fetch(`${info.control}/${name}${query ? `?${query}` : ''}`, { method: 'POST' });
      if (!response.ok) throw new Error(`control ${name} failed: ${response.status}`);
    },
    async stats() {
      return (await (await fetch(`${info.control}/stats`)).json()) as FixtureStats;
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

/** Ends every fixture still running (for afterEach). */
export async function stopRemotes(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
  running.clear();
}
