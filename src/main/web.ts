// Browser mode: the same host in plain Node, serving the renderer and the contract on 127.0.0.1, the socket behind a token.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { contentSecurityPolicy } from '../shared/csp';
import { startSandboxServer } from './apps/sandboxServer';
import { unpackLimitsFrom } from './bundles/limits';
import { messageOf } from './errors';
import { defaultDataDir, Host } from './host';
import { readyLine } from './readyLine';
import { hostRefusal, socketRefusal } from './rpc/browserGuard';
import { createDispatcher } from './rpc/dispatch';
import { PagePresence } from './rpc/presence';
import { sendStatic } from './rpc/staticFiles';
import { newToken } from './rpc/token';
import { attachWebSocket } from './rpc/ws';

/** Requests waiting for a person are settled this long after the last page closed. */
const DEFAULT_PAGE_GRACE_MS = 10_000;

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // A view's own window (on the sandbox origin) keeps its opener for the bridge; no other window gets one.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      config: { type: 'string' },
      data: { type: 'string' },
      port: { type: 'string', default: '0' },
      policy: { type: 'string' },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0 to 65535, not ${values.port}`);
  const dataDir = resolve(values.data ?? defaultDataDir());
  // Listened for before any server starts: the sandbox drops the signal listeners added while it starts, and a
  // signal that comes before the host can stop is answered once it can.
  let stop: ((signal: string) => Promise<void>) | undefined;
  let signalled: string | undefined;
  const onSignal = (signal: string) => {
    signalled ??= signal;
    if (stop) void stop(signal);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  const host = await Host.create({
    dataDir,
    configPath: values.config ? resolve(values.config) : undefined,
    configNamed: values.config !== undefined,
    restartBackoffMs: numberList(process.env.SWITCHBOARD_RESTART_BACKOFF_MS),
    bundleLimits: unpackLimitsFrom(process.env),
    builtinScripts: { workspace: fileURLToPath(new URL('./workspace.js', import.meta.url)) },
    terminalPath: true,
    ...(values.policy === undefined ? {} : { policyPath: resolve(values.policy) }),
  });
  const token = newToken();
  const rendererRoot = fileURLToPath(new URL('../renderer', import.meta.url));
  // App views get an origin of their own: a second loopback server, the only thing the page may frame.
  let frameSources: string[] = [];
  const server = createServer((request, response) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    response.setHeader('Content-Security-Policy', contentSecurityPolicy(frameSources));
    void handle(request, response).catch((error: unknown) => {
      problem(`Could not answer ${request.url}: ${messageOf(error)}`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  const served = () => `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = () => `http://${served()}`;

  // The page and its files are public code: only the socket needs the token, and it is never a cookie.
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const wrongHost = hostRefusal(request, served());
    if (wrongHost) {
      response
        .writeHead(Number.parseInt(wrongHost, 10), { 'Content-Type': 'text/plain; charset=utf-8' })
        .end(`Switchboard answers only at ${origin()}.`);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    await sendStatic(rendererRoot, new URL(request.url ?? '/', origin()).pathname, response);
  }

  const presence = new PagePresence(pageGraceMs(process.env.SWITCHBOARD_PAGE_GRACE_MS), () =>
    host.cancelPendingRequests(),
  );
  attachWebSocket(server, {
    refusal: (request) => socketRefusal(request, served(), token),
    dispatch: createDispatcher(host),
    events: host,
    presence,
    onProblem: problem,
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const sandbox = await startSandboxServer({ hostOrigin: origin() });
  frameSources = [sandbox.sandboxOrigin];
  host.attachAppViews(sandbox);

  let stopping = false;
  stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`Switchboard: ${signal} received, stopping every server…\n`);
    server.close();
    server.closeAllConnections();
    sandbox.close();
    await host.shutdown();
    process.exit(0);
  };
  if (signalled) await stop(signalled);

  // The page is usable while servers start: a hung server never keeps the address from the person.
  process.stdout.write(`Switchboard is open at ${origin()}/?token=${token}\n`);
  await host.ready();
  process.stdout.write(`${readyLine(host.serverViews(), host.configProblem)}\n`);
}

/** "1000,2000" → [1000, 2000]; anything unusable → undefined. */
function numberList(text: string | undefined): number[] | undefined {
  const numbers = text?.split(',').map(Number);
  return numbers?.length && numbers.every((n) => Number.isFinite(n) && n >= 0) ? numbers : undefined;
}

/** How long requests waiting for a person outlive the last page (a reload comes back well within it). */
function pageGraceMs(text: string | undefined): number {
  const ms = Number(text);
  return text !== undefined && Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_PAGE_GRACE_MS;
}

function problem(message: string): void {
  process.stderr.write(`Switchboard: ${message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Switchboard could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
