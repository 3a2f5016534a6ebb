// Sandboxes with any network: a second copy of the library, in a worker thread of its own, started without network rules.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WrapConfig } from './policy';

/** How the library is started: the module to load it from, and the programs it runs, by full path. */
export type LibrarySettings = {
  entry: string;
  bwrapPath?: string;
  socatPath?: string;
  rgPath?: string;
  applyPath?: string;
};

/**
 * One library holds one network configuration for every sandbox it wraps: a server that may reach any host
 * cannot share it with servers kept to their lists (the library turns its proxy off for all or none). This worker's
 * copy is started without network rules, so its sandboxes get no network namespace of their own.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const answer = (message) => parentPort.postMessage(message);
(async () => {
  const { SandboxManager } = await import(workerData.entry);
  const settings = workerData.settings;
  await SandboxManager.initialize({
    network: { deniedDomains: [] },
    filesystem: { denyRead: [], allowRead: [], allowWrite: [], denyWrite: [] },
    mandatoryDenySearchDepth: 1,
    ...(settings.bwrapPath ? { bwrapPath: settings.bwrapPath } : {}),
    ...(settings.socatPath ? { socatPath: settings.socatPath } : {}),
    ...(settings.rgPath ? { ripgrep: { command: settings.rgPath } } : {}),
    ...(settings.applyPath ? { seccomp: { applyPath: settings.applyPath } } : {}),
  });
  parentPort.on('message', async (message) => {
    if (message.type === 'release') return SandboxManager.cleanupAfterCommand();
    if (message.type === 'stop') {
      await SandboxManager.reset().catch(() => {});
      return answer({ type: 'stopped' });
    }
    try {
      const { argv } = await SandboxManager.wrapWithSandboxArgv(message.command, '/bin/sh', message.config);
      answer({ type: 'wrapped', id: message.id, argv });
    } catch (error) {
      answer({ type: 'wrapped', id: message.id, error: String(error && error.message || error) });
    }
  });
  answer({ type: 'ready' });
})().catch((error) => answer({ type: 'failed', error: String(error && error.message || error) }));
`;

type Reply =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'stopped' }
  | { type: 'wrapped'; id: number; argv?: string[]; error?: string };

/** The worker that wraps "Any network" starts; started on the first one. */
export class AnyNetworkSandbox {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private next = 0;
  private readonly waiting = new Map<number, (reply: Extract<Reply, { type: 'wrapped' }>) => void>();

  constructor(private readonly settings: LibrarySettings) {}

  /** The argv of `command` in a sandbox with `config`'s files and no network rules; `release` once it has exited. */
  async wrap(command: string, config: WrapConfig): Promise<{ argv: string[]; release: () => void }> {
    await this.start();
    const worker = this.worker as Worker;
    const id = this.next++;
    const reply = await new Promise<Extract<Reply, { type: 'wrapped' }>>((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ type: 'wrap', id, command, config: { filesystem: config.filesystem } });
    });
    if (!reply.argv) throw new Error(reply.error ?? 'The sandbox could not wrap the command.');
    let released = false;
    return {
      argv: reply.argv,
      release: () => {
        if (released) return;
        released = true;
        worker.postMessage({ type: 'release' });
      },
    };
  }

  /** Ends the worker's copy of the library and the worker. */
  async shutdown(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    await this.ready?.catch(() => {});
    const stopped = new Promise<void>((resolve) => {
      worker.on('message', (reply: Reply) => reply.type === 'stopped' && resolve());
      worker.once('exit', () => resolve());
    });
    worker.postMessage({ type: 'stop' });
    await stopped;
    await worker.terminate();
  }

  private start(): Promise<void> {
    this.ready ??= new Promise<void>((resolve, reject) => {
      const entry = pathToFileURL(this.settings.entry).href;
      const worker = new Worker(WORKER, { eval: true, workerData: { entry, settings: this.settings } });
      worker.unref();
      this.worker = worker;
      worker.on('message', (reply: Reply) => {
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'failed')
          reject(new Error(`The sandbox for any network could not start: ${reply.error}`));
        else if (reply.type === 'wrapped') {
          this.waiting.get(reply.id)?.(reply);
          this.waiting.delete(reply.id);
        }
      });
      worker.once('error', (error) => reject(error));
      worker.once('exit', (code) => {
        for (const [id, settle] of this.waiting)
          settle({ type: 'wrapped', id, error: 'The sandbox worker ended.' });
        this.waiting.clear();
        // A later start begins a new worker.
        if (this.worker === worker) {
          this.worker = undefined;
          this.ready = undefined;
        }
        reject(new Error(`The sandbox for any network ended (code ${code}).`));
      });
    });
    return this.ready;
  }
}
