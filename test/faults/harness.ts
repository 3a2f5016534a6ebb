// The faults suite's tools: the real browser-mode host as a child process, a page-like socket, and a raw one.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { type HostLaunch, type RunningHost, startHost } from '../../e2e/hostProcess';
import type { EventFrame } from '../../src/shared/channels';
import type { CommandArgs, CommandName, CommandResult, Reply } from '../../src/shared/contract';
import { processesWith, until } from '../helpers';
import { socketProtocols, socketUrl } from './presentToken';

export type { RunningHost } from '../../e2e/hostProcess';

/** `node test/fixtures/misbehave.mjs <mode> <tag>` as a config entry. */
export function misbehave(mode: string, tag: string, env?: Record<string, string>) {
  return {
    command: process.execPath,
    args: [resolve('test/fixtures/misbehave.mjs'), mode, tag],
    ...(env ? { env } : {}),
  };
}

/** Fails early, in plain words, when out/ is missing or older than the sources it is built from. */
export function requireFreshBuild(): void {
  const built = resolve('out/main/web.js');
  if (!existsSync(built))
    throw new Error('The faults suite drives the built host: run `npm run build` first.');
  const builtAt = statSync(built).mtimeMs;
  const newest = newestFile(resolve('src'));
  if (newest.time > builtAt + 1000) {
    throw new Error(`out/ is older than ${newest.path}: run \`npm run build\` before the faults suite.`);
  }
}

function newestFile(dir: string): { path: string; time: number } {
  let newest = { path: dir, time: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const found = entry.isDirectory() ? newestFile(path) : { path, time: statSync(path).mtimeMs };
    if (found.time > newest.time) newest = found;
  }
  return newest;
}

/** Hosts started by one test file, stopped (and their folders removed) by `stopAll`. */
export class Hosts {
  private readonly started: RunningHost[] = [];

  async start(config: unknown, launch?: HostLaunch): Promise<RunningHost> {
    const host = await startHost(config, launch);
    this.started.push(host);
    return host;
  }

  async stopAll(): Promise<void> {
    const hosts = this.started.splice(0);
    await Promise.all(hosts.map((host) => host.stop()));
    await Promise.all(hosts.map((host) => rm(host.dataDir, { recursive: true, force: true })));
  }
}

export type Closed = { code: number; reason: string };

/** A page's socket to the host: replies by id, every event kept in order. */
export class HostSocket {
  readonly events: EventFrame[] = [];
  readonly closed: Promise<Closed>;
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: Reply<unknown>) => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      if (typeof frame.id === 'number') this.waiting.get(frame.id)?.(frame.reply);
      else this.events.push(frame);
    });
    ws.on('error', () => {});
    this.closed = new Promise((done) =>
      ws.once('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
  }

  static async open(host: RunningHost, token = host.token): Promise<HostSocket> {
    const ws = new WebSocket(socketUrl(host.origin, token), socketProtocols(token), {
      origin: host.origin,
      maxPayload: 0,
    });
    await new Promise((done, fail) => ws.once('open', done).once('error', fail));
    return new HostSocket(ws);
  }

  /** Sends one command; resolves with its reply, or rejects when the socket closes first. */
  invoke(name: string, args: unknown): Promise<Reply<unknown>> {
    const id = this.nextId++;
    return this.sendFor(id, JSON.stringify({ id, name, args }));
  }

  /** Sends `text` as the frame of request `id` (for frames built by hand). */
  sendFor(id: number, text: string | Buffer): Promise<Reply<unknown>> {
    return new Promise((done, fail) => {
      this.waiting.set(id, (reply) => {
        this.waiting.delete(id);
        done(reply);
      });
      void this.closed.then(({ code, reason }) =>
        fail(new Error(`the socket closed before the reply: ${code} ${reason}`)),
      );
      this.ws.send(text);
    });
  }

  /** The value of a command that must succeed. */
  async call<N extends CommandName>(name: N, args: CommandArgs<N>): Promise<CommandResult<N>> {
    const reply = await this.invoke(name, args);
    if (!reply.ok) throw new Error(`${name} failed: ${reply.error.code}: ${reply.error.message}`);
    return reply.value as CommandResult<N>;
  }

  /** Waits for an event named `event` whose payload passes `match`. */
  event<T = unknown>(event: string, match: (payload: T) => boolean = () => true, timeoutMs = 15_000) {
    return until(
      `event ${event}`,
      () => this.events.find((frame) => frame.event === event && match(frame.payload as T))?.payload as T,
      timeoutMs,
    );
  }

  close(): void {
    this.ws.close();
  }
}

/** The host process is still running and a new socket gets answers. */
export async function expectAlive(host: RunningHost): Promise<void> {
  expect(host.process.exitCode, `the host exited:\n${host.stderr()}`).toBeNull();
  expect(host.process.signalCode).toBeNull();
  const socket = await HostSocket.open(host);
  try {
    const reply = await socket.invoke('servers.list', {});
    expect(reply.ok).toBe(true);
  } finally {
    socket.close();
  }
}

/** `until` with the faults suite's longer default wait. */
export function eventually<T>(
  what: string,
  read: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  return until(what, read, timeoutMs);
}

/** No process with `tag` in its command line is left; any that is, is killed so the next run starts clean. */
export async function expectNoProcessLeft(tag: string): Promise<void> {
  try {
    await until(`no process with ${tag}`, () => processesWith(tag).length === 0, 10_000);
  } catch (error) {
    const left = processesWith(tag);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    throw new Error(`${left.length} process(es) were left over: ${String(error)}`);
  }
}

/** Waits until server `name` reaches `state` (per `servers.list`). */
export async function serverState(socket: HostSocket, name: string, state: string, timeoutMs = 20_000) {
  let last: unknown;
  return until(
    `${name} to be ${state}`,
    async () => {
      const view = (await socket.call('servers.list', {})).find((server) => server.name === name);
      last = view?.state;
      return view?.state.kind === state && view;
    },
    timeoutMs,
  ).catch(() => {
    throw new Error(`${name} is ${JSON.stringify(last)}, not ${state}`);
  });
}

/** A socket that speaks WebSocket by hand, for frames no client library would send. */
export class RawSocket {
  private buffer = Buffer.alloc(0);
  private readonly ended: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
    });
    socket.on('error', () => {});
    this.ended = new Promise((done) => socket.once('close', () => done()));
  }

  /** Opens `WS_PATH` with the token and Origin a page would send, and reads the 101 answer. */
  static async open(host: RunningHost): Promise<RawSocket> {
    const url = new URL(host.origin);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((done, fail) => socket.once('connect', done).once('error', fail));
    const raw = new RawSocket(socket);
    const protocols = socketProtocols(host.token);
    socket.write(
      [
        `GET ${new URL(socketUrl(host.origin, host.token)).pathname}${new URL(socketUrl(host.origin, host.token)).search} HTTP/1.1`,
        `Host: ${url.host}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        `Origin: ${host.origin}`,
        ...(protocols.length ? [`Sec-WebSocket-Protocol: ${protocols.join(', ')}`] : []),
        '',
        '',
      ].join('\r\n'),
    );
    await until('the upgrade answer', () => raw.buffer.includes('\r\n\r\n'));
    const end = raw.buffer.indexOf('\r\n\r\n');
    const head = raw.buffer.subarray(0, end).toString();
    if (!head.startsWith('HTTP/1.1 101')) throw new Error(`upgrade refused: ${head}`);
    raw.buffer = raw.buffer.subarray(end + 4);
    return raw;
  }

  /** Writes one masked frame; `length` may claim more than `payload` holds. */
  frame(opcode: number, payload: Buffer, options: { fin?: boolean; length?: number } = {}): void {
    const length = options.length ?? payload.length;
    const head: number[] = [(options.fin === false ? 0 : 0x80) | opcode];
    if (length < 126) head.push(0x80 | length);
    else if (length < 65536) head.push(0x80 | 126, length >> 8, length & 0xff);
    else {
      head.push(0x80 | 127);
      const big = Buffer.alloc(8);
      big.writeBigUInt64BE(BigInt(length));
      head.push(...big);
    }
    const mask = randomBytes(4);
    const masked = Buffer.from(payload);
    for (let i = 0; i < masked.length; i++) masked[i] = (masked[i] ?? 0) ^ (mask[i % 4] ?? 0);
    this.socket.write(Buffer.concat([Buffer.from(head), mask, masked]));
  }

  /** The close frame the host sent (code and reason); 1006 when the connection ended without one. */
  async closeFrame(timeoutMs = 10_000): Promise<Closed> {
    let ended = false;
    void this.ended.then(() => {
      ended = true;
    });
    return until(
      'the host to close the socket',
      () => this.findClose() ?? (ended && { code: 1006, reason: '' }),
      timeoutMs,
    ).catch(() => {
      throw new Error('the host kept the socket open');
    });
  }

  private findClose(): Closed | undefined {
    let offset = 0;
    while (offset + 2 <= this.buffer.length) {
      const opcode = (this.buffer[offset] ?? 0) & 0x0f;
      let length = (this.buffer[offset + 1] ?? 0) & 0x7f;
      let start = offset + 2;
      if (length === 126) {
        if (start + 2 > this.buffer.length) return undefined;
        length = this.buffer.readUInt16BE(start);
        start += 2;
      } else if (length === 127) {
        if (start + 8 > this.buffer.length) return undefined;
        length = Number(this.buffer.readBigUInt64BE(start));
        start += 8;
      }
      if (start + length > this.buffer.length) return undefined;
      if (opcode === 0x8) {
        const body = this.buffer.subarray(start, start + length);
        return { code: body.length >= 2 ? body.readUInt16BE(0) : 1005, reason: body.subarray(2).toString() };
      }
      offset = start + length;
    }
    return undefined;
  }

  destroy(): void {
    this.socket.destroy();
  }
}
