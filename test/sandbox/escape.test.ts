// A hostile server in the sandbox reaches nothing but its shared folder and its allowed port, run by root and by
// nobody; the same server unsandboxed reaches everything, which shows the test can fail.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HostSocket, Hosts, requireFreshBuild, serverState } from '../faults/harness';

const CANARY = {
  ssh: 'CANARY-SSH-7f3a0c',
  credentials: 'CANARY-CRED-42aa91',
  config: 'CANARY-CONFIG-5e1b77',
  other: 'CANARY-OTHER-9c1d20',
};
const FIXTURE = resolve('test/fixtures/hostile.mjs');

type Attempt = { ok: boolean; text?: string; code?: string };
type Attempts = {
  reads: Record<string, Attempt>;
  writes: Record<string, Attempt>;
  connects: Record<string, Attempt>;
  fetches: Record<string, Attempt>;
};
type Outcome = Attempts & { child?: Attempts };

/** Why the unprivileged run cannot happen here, or undefined when it can. */
function nobodyUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'the unprivileged run is for Linux';
  if (process.getuid?.() !== 0) return 'only root can start a process as nobody';
  try {
    execFileSync(
      'setpriv',
      [
        '--reuid=nobody',
        '--regid=nogroup',
        '--clear-groups',
        'bwrap',
        '--unshare-all',
        '--dev',
        '/dev',
        '--ro-bind',
        '/',
        '/',
        'true',
      ],
      {
        stdio: 'ignore',
      },
    );
    return undefined;
  } catch {
    return 'setpriv, the user nobody, or unprivileged user namespaces are missing here';
  }
}

const withoutNobody = nobodyUnavailable();
const hosts = new Hosts();
const worlds: string[] = [];
const services: Server[] = [];
let allowedPort = 0;
let deniedPort = 0;

function serve(text: string): Promise<number> {
  const server = createServer((_request, response) => response.end(text));
  services.push(server);
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done((server.address() as { port: number }).port)),
  );
}

beforeAll(async () => {
  requireFreshBuild();
  allowedPort = await serve('hello from the allowed service');
  deniedPort = await serve('hello from the denied service');
});
afterEach(() => hosts.stopAll(), 30_000);
afterAll(async () => {
  for (const server of services) server.close();
  await Promise.all(worlds.map((world) => rm(world, { recursive: true, force: true })));
});

/** A person's machine in a folder: a home with a key and another project, a shared project with links out, the data folder. */
async function makeWorld(owner?: { uid: number; gid: number }) {
  const world = await mkdtemp(join(tmpdir(), 'switchboard-escape-'));
  worlds.push(world);
  const home = join(world, 'home');
  const project = join(home, 'project');
  const data = join(world, 'data');
  await mkdir(join(home, '.ssh'), { recursive: true });
  await mkdir(join(home, 'other'), { recursive: true });
  await mkdir(project, { recursive: true });
  await mkdir(data, { recursive: true });
  await mkdir(join(world, 'tmp'), { recursive: true });
  await writeFile(join(home, '.ssh', 'id_ed25519'), `${CANARY.ssh}\n`);
  await writeFile(join(home, 'other', 'secret.txt'), `${CANARY.other}\n`);
  await writeFile(join(project, 'readme.txt'), 'hello from the shared folder\n');
  await symlink('..', join(project, 'link-home'));
  await symlink(join(home, '.ssh', 'id_ed25519'), join(project, 'link-key'));
  await symlink(data, join(project, 'link-data'));
  await writeFile(join(data, 'credentials.json'), JSON.stringify({ 'some.token': CANARY.credentials }));
  const server = (sandbox: unknown) => ({
    command: process.execPath,
    args: [FIXTURE],
    sandbox,
  });
  const config = {
    mcpServers: {
      hostile: server({ network: [`127.0.0.1:${allowedPort}`] }),
      plain: server(false),
    },
    models: {
      providers: [
        { id: 'local', type: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1', apiKey: CANARY.config },
      ],
    },
  };
  await writeFile(join(data, 'config.json'), JSON.stringify(config, null, 2));
  const root = { uri: pathToFileURL(project).href, name: 'project', path: project };
  const shared = { mode: 'all', uris: [], confirmed: true };
  await writeFile(
    join(data, 'roots.json'),
    JSON.stringify({ version: 1, roots: [root], servers: { hostile: shared, plain: shared } }),
  );
  if (owner) await chownAll(world, owner);
  return { world, home, project, data };
}

async function chownAll(path: string, owner: { uid: number; gid: number }): Promise<void> {
  execFileSync('chown', ['-R', '-h', `${owner.uid}:${owner.gid}`, path]);
  await chown(path, owner.uid, owner.gid);
  await chmod(path, 0o700);
}

function plan(world: Awaited<ReturnType<typeof makeWorld>>) {
  const { home, project, data } = world;
  return {
    reads: {
      sshKey: join(home, '.ssh', 'id_ed25519'),
      credentials: join(data, 'credentials.json'),
      config: join(data, 'config.json'),
      otherProject: join(home, 'other', 'secret.txt'),
      linkToHome: join(project, 'link-home', '.ssh', 'id_ed25519'),
      linkToKey: join(project, 'link-key'),
      linkToData: join(project, 'link-data', 'credentials.json'),
      root: join(project, 'readme.txt'),
    },
    writes: { outside: join(home, 'pwned.txt'), root: join(project, 'written.txt') },
    connects: { denied: deniedPort, allowed: allowedPort },
    // As npm or pip would: through the proxy the sandbox names, which checks the server's list.
    fetches: { denied: `http://127.0.0.1:${deniedPort}/` },
    child: true,
  };
}

async function attack(socket: HostSocket, server: string, world: Awaited<ReturnType<typeof makeWorld>>) {
  await serverState(socket, server, 'running', 30_000);
  const result = await socket.call('tools.call', {
    server,
    tool: 'attack',
    args: plan(world),
    callId: `attack-${server}`,
  });
  const text = result.content.map((part) => ('text' in part ? part.text : '')).join('');
  return { text, outcome: JSON.parse(text) as Outcome };
}

const ESCAPES = ['sshKey', 'credentials', 'config', 'otherProject', 'linkToHome', 'linkToKey', 'linkToData'];

describe.each([
  ['the user running the tests', false],
  ['nobody', true],
])('run by %s', (_who, asNobody) => {
  const skip = asNobody ? withoutNobody : undefined;
  it.skipIf(skip !== undefined)(
    `sandboxed, the server and its child reach only their folder and allowed port; unsandboxed they reach all${skip ? ` (skipped: ${skip})` : ''}`,
    { timeout: 90_000 },
    async () => {
      const owner = asNobody
        ? {
            uid: Number(execFileSync('id', ['-u', 'nobody'])),
            gid: Number(execFileSync('id', ['-g', 'nobody'])),
          }
        : undefined;
      const world = await makeWorld(owner);
      const host = await hosts.start(undefined, {
        dataDir: world.data,
        env: { HOME: world.home, TMPDIR: join(world.world, 'tmp') },
        asNobody,
      });
      const socket = await HostSocket.open(host);
      try {
        const sandboxed = await attack(socket, 'hostile', world);
        for (const attempts of [sandboxed.outcome, sandboxed.outcome.child as Attempts]) {
          for (const name of ESCAPES) expect([name, attempts.reads[name]?.ok]).toEqual([name, false]);
          expect(attempts.reads.root).toEqual({ ok: true, text: 'hello from the shared folder' });
          expect(attempts.connects.denied?.ok).toBe(false);
          expect(attempts.fetches.denied).toEqual({ ok: false, code: 'HTTP 403' });
          expect(attempts.connects.allowed).toEqual({ ok: true, text: 'hello from the allowed service' });
        }
        // A write outside lands in a throw-away folder inside the sandbox, if anywhere: never on the machine.
        expect(existsSync(join(world.home, 'pwned.txt'))).toBe(false);
        expect(existsSync(join(world.home, 'pwned.txt.child'))).toBe(false);
        expect(existsSync(join(world.project, 'written.txt'))).toBe(true);
        expect(existsSync(join(world.project, 'written.txt.child'))).toBe(true);

        const logs = await socket.call('servers.logs', { server: 'hostile' });
        const wire = await socket.call('servers.wire', { server: 'hostile' });
        const seen = `${sandboxed.text}\n${JSON.stringify(logs)}\n${JSON.stringify(wire)}`;
        for (const canary of Object.values(CANARY)) expect(seen).not.toContain(canary);
        await expect
          .poll(async () =>
            (await socket.call('servers.logs', { server: 'hostile' })).map((entry) => entry.text),
          )
          .toContain(`Blocked connection to 127.0.0.1:${deniedPort} (not in this server's network list)`);
        const view = (await socket.call('servers.list', {})).find((server) => server.name === 'hostile');
        expect(view?.sandbox).toMatchObject({ kind: 'sandboxed', network: [`127.0.0.1:${allowedPort}`] });

        // The control: the same server without the sandbox succeeds at every attempt.
        const plain = await attack(socket, 'plain', world);
        for (const attempts of [plain.outcome, plain.outcome.child as Attempts]) {
          for (const name of ESCAPES) expect([name, attempts.reads[name]?.ok]).toEqual([name, true]);
          expect(attempts.connects.denied).toEqual({ ok: true, text: 'hello from the denied service' });
          expect(attempts.fetches.denied).toEqual({ ok: true, text: 'hello from the denied service' });
          expect(attempts.writes.outside?.ok).toBe(true);
        }
        expect(plain.text).toContain(CANARY.ssh);
        expect(await readFile(join(world.home, 'pwned.txt'), 'utf8')).toContain('hostile server');
      } finally {
        socket.close();
      }
    },
  );
});
