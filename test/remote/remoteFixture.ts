// Starts test/fixtures/remote-server.mjs as a real process and drives its control endpoints.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../fixtures/remote-server.mjs', import.meta.url));

export type RemoteOptions = {
  transport?: 'http' | 'sse';
  auth?: boolean;
  /** An enterprise IdP too, whose ID-JAGs the authorization server accepts. */
  idp?: boolean;
  tokenSeconds?: number;
  port?: number;
};

export type RemoteFixture = {
  url: string;
  issuer?: string;
  /** The IdP (with `idp`), and the MCP client it issues ID-JAGs to. */
  idp?: { tokenEndpoint: string; clientId: string; clientSecret: string; idpClientId: string };
  port: number;
  /** POST /control/<name>?params */
  control(name: string, params?: Record<string, string>): Promise<void>;
  /** An ID token of the IdP for `email`, as single sign-on gives it. */
  idToken(email: string, seconds?: number): Promise<string>;
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
  /** The address and every header value of each request to the server (the newest 2,000). */
  headerValues: string[];
  auth?: {
    registrations: number;
    authorizePages: number;
    approvals: number;
    codeGrants: number;
    refreshGrants: number;
    failedRefreshes: number;
    revocations: number;
    clientCredentialsGrants: number;
    jwtBearerGrants: number;
    failedClientAuth: number;
    clientAuthMethods: string[];
    /** The `application_type` of each dynamic client registration (null when none was given). */
    applicationTypes: (string | null)[];
  };
  idp?: { exchanges: number; refusedExchanges: number };
};

const running = new Set<ChildProcess>();

/** Starts the fixture and waits for its address line. */
export async function startRemote(options: RemoteOptions = {}): Promise<RemoteFixture> {
  const args = [SCRIPT, '--transport', options.transport ?? 'http', '--port', String(options.port ?? 0)];
  if (options.auth || options.idp) args.push('--auth');
  if (options.idp) args.push('--idp');
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
  const info = JSON.parse(line) as {
    url: string;
    control: string;
    issuer?: string;
    idp?: RemoteFixture['idp'];
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    running.delete(child);
  };
  return {
    url: info.url,
    issuer: info.issuer,
    idp: info.idp,
    port: Number(new URL(info.url).port),
    async control(name, params = {}) {
      const query = new URLSearchParams(params).toString();
      const response = await fetch(`${info.control}/${name}${query ? `?${query}` : ''}`, { method: 'POST' });
      if (!response.ok) throw new Error(`control ${name} failed: ${response.status}`);
    },
    async idToken(email, seconds = 600) {
      const query = new URLSearchParams({ email, seconds: String(seconds) });
      const response = await fetch(`${info.control}/id-token?${query}`, { method: 'POST' });
      return ((await response.json()) as { id_token: string }).id_token;
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
