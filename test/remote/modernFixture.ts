// Starts test/fixtures/modern-http-server.mjs as a real process, on a unix socket or on 127.0.0.1, and reads what it recorded.
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../fixtures/modern-http-server.mjs', import.meta.url));

/** The MCP headers and `_meta` keys of one POST the fixture received. */
export type RecordedRequest = {
  method?: string;
  mcpMethod?: string;
  mcpName?: string;
  version?: string;
  session?: string;
  /** The `Mcp-Param-Region` header. */
  param?: string;
  meta: string[];
};

export type ModernFixture = {
  /** The address to configure: `unix:///…#/mcp` or `http://127.0.0.1:…/mcp`. */
  url: string;
  requests(): Promise<RecordedRequest[]>;
  /** Adds the tool `added-later` and tells the listening clients their tool list changed. */
  listChanged(): Promise<void>;
  /** Ends the process at once (a socket file is left behind). */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

const running = new Set<ChildProcess>();

/** Starts the fixture on `socket` (a path) or on a free loopback port; `modernOnly` refuses 2025 requests. */
export async function startModern(
  options: { socket?: string; name?: string; modernOnly?: boolean } = {},
): Promise<ModernFixture> {
  const args = [SCRIPT, ...(options.socket ? ['--socket', options.socket] : ['--port', '0'])];
  if (options.name) args.push('--name', options.name);
  if (options.modernOnly) args.push('--modern-only');
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
    child.once('exit', (code) => reject(new Error(`modern fixture exited with ${code}: ${stderr}`)));
  });
  const info = JSON.parse(line) as { url: string; listening: string };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    running.delete(child);
  };
  return {
    url: info.url,
    requests: async () => ((await control(options.socket, info.listening, 'stats', 'GET')) as Stats).requests,
    listChanged: async () => {
      await control(options.socket, info.listening, 'list-changed', 'POST');
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

type Stats = { requests: RecordedRequest[] };

function control(
  socket: string | undefined,
  listening: string,
  name: string,
  method: string,
): Promise<unknown> {
  const [host, port] = listening.split(':');
  return new Promise((resolve, reject) => {
    const target = socket ? { socketPath: socket } : { host, port: Number(port) };
    const sent = request({ ...target, method, path: `/control/${name}` }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve(body ? JSON.parse(body) : undefined));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** Ends every fixture still running (for afterEach). */
export async function stopModern(): Promise<void> {
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
