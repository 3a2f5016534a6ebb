// A page gets each server view whole once, then only the lists that changed: what it rebuilds is always the host's view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkPage } from '../../src/main/rpc/pageEvents';
import type { EventFrame } from '../../src/shared/channels';
import { applyServerUpdate, type ServerUpdate } from '../../src/shared/serverUpdate';
import type { ServerView } from '../../src/shared/types';
import { startTestHost, type TestHost } from '../faults/hostHarness';
import { fixtureEntry, until } from '../helpers';

let t: TestHost;
beforeAll(async () => {
  t = await startTestHost({ mcpServers: { changing: fixtureEntry('changing.mjs') } });
}, 30_000);
afterAll(() => t.close(), 20_000);

/** A page on the real host: the updates it received, and the views it rebuilt from them. */
function page() {
  const updates: ServerUpdate[] = [];
  const views = new Map<string, ServerView>();
  const frames: EventFrame[] = [];
  const link = linkPage(
    t.host,
    (frame) => {
      frames.push(frame);
      if (frame.event !== 'server.updated') return true;
      const update = frame.payload as ServerUpdate;
      updates.push(update);
      views.set(update.name, applyServerUpdate(views.get(update.name), update));
      return true;
    },
    () => {},
  );
  return { updates, views, frames, link };
}

const hostView = async (name: string) =>
  (await t.host.commands['servers.list']({})).find((view) => view.name === name);

describe('server updates to a page', { timeout: 30_000 }, () => {
  it('sends lists once, then state changes without them, then a changed list again', async () => {
    const p = page();
    await t.host.commands['servers.setLogLevel']({ server: 'changing', level: 'debug' });
    await t.host.commands['servers.setLogLevel']({ server: 'changing', level: 'info' });
    await until('two updates', () => p.updates.length >= 2);
    const [first, second] = p.updates;
    expect(first?.tools?.map((tool) => tool.name)).toContain('mutate');
    expect(second?.logLevel).toBe('info');
    expect(second && 'tools' in second).toBe(false);
    expect(p.frames.some((frame) => frame.event === 'server.changed')).toBe(false);
    expect(p.views.get('changing')).toEqual(await hostView('changing'));

    await t.host.commands['tools.call']({ server: 'changing', tool: 'mutate', args: {} });
    await until('the new tool at the page', () =>
      p.views.get('changing')?.tools.some((tool) => tool.name === 'added-later'),
    );
    expect(p.updates.at(-1)?.tools).toBeDefined();
    expect(p.views.get('changing')).toEqual(await hostView('changing'));

    await t.host.commands['servers.stop']({ server: 'changing' });
    await until('the stop at the page', () => p.views.get('changing')?.state.kind === 'stopped');
    expect(p.views.get('changing')).toEqual(await hostView('changing'));
    p.link.dispose();
  });

  it('sends every page the lists in its own first update', async () => {
    const first = page();
    const second = page();
    await t.host.commands['servers.start']({ server: 'changing' });
    await until('running at both pages', () =>
      [first, second].every((p) => p.views.get('changing')?.state.kind === 'running'),
    );
    for (const p of [first, second]) expect(p.views.get('changing')).toEqual(await hostView('changing'));
    // Each page got the lists in its own first update.
    expect(second.updates[0]?.tools).toBeDefined();
    first.link.dispose();
    second.link.dispose();
  });
});
