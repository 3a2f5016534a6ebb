// A real Host in a temporary data folder for fault tests: its events recorded, its servers ended afterwards.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Host, type HostOptions } from '../../src/main/host';
import { EVENT_NAMES, type EventName, type Events } from '../../src/shared/contract';

export type TestHost = {
  host: Host;
  dir: string;
  configPath: string;
  /** Every payload of `event` so far, oldest first. */
  events<E extends EventName>(event: E): Events[E][];
  close(): Promise<void>;
};

/** Starts a host on `config` (an object written as JSON, or raw text) and waits until its servers settled. */
export async function startTestHost(config: unknown, options: Partial<HostOptions> = {}): Promise<TestHost> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-faults-'));
  const configPath = join(dir, 'config.json');
  if (config !== undefined) {
    await writeFile(configPath, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  }
  const host = await Host.create({ dataDir: dir, configPath, ...options });
  const seen = new Map<EventName, unknown[]>();
  const record = (event: EventName) =>
    host.on(event, (payload) => {
      const list = seen.get(event) ?? [];
      list.push(payload);
      seen.set(event, list);
    });
  for (const event of EVENT_NAMES) record(event);
  await host.ready();
  return {
    host,
    dir,
    configPath,
    events: <E extends EventName>(event: E) => (seen.get(event) ?? []) as Events[E][],
    async close() {
      await host.shutdown();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
