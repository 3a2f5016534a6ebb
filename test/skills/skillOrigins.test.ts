// Skills of two servers: same URIs kept apart in approvals and labels, files read only from the skill's own server,
// and a second origin in one conversation asked about each time.
import { describe, expect, it } from 'vitest';
import { BILLING, EMAIL, run, SUPPORT, setUp } from './skillSetup';

describe('two servers', { timeout: 30_000 }, () => {
  it('keeps same-URI skills of two servers apart: approvals, labels and reads', async () => {
    const { room, asked, answer } = await setUp({}, ['billing', 'helpdesk']);
    const views = room.views().filter((view) => view.uri === SUPPORT);
    expect(views.map((view) => [view.server, view.sameNameOn])).toEqual([
      ['billing', ['helpdesk']],
      ['helpdesk', ['billing']],
    ]);
    await room.approve({ server: 'billing', uri: BILLING });
    expect(room.offered(['billing', 'helpdesk']).map((view) => [view.server, view.uri])).toEqual([
      ['billing', BILLING],
    ]);
    answer(() => 'deny');
    await expect(room.load({ server: 'helpdesk', uri: BILLING }, run())).rejects.toThrow(/did not allow/);
    expect(asked).toHaveLength(1);
  });

  it('reads a file only from the server whose skill the conversation loaded, and asks before a second origin', async () => {
    const { room, asked, answer } = await setUp({}, ['billing', 'helpdesk']);
    await room.approve({ server: 'billing', uri: BILLING });
    await room.approve({ server: 'helpdesk', uri: SUPPORT });
    await room.load({ server: 'billing', uri: BILLING }, run());
    await expect(room.readFile('helpdesk', EMAIL, run())).rejects.toThrow(
      /only from the server it came from/,
    );
    answer(() => 'once');
    await room.load({ server: 'helpdesk', uri: SUPPORT }, run());
    expect(asked.at(-1)).toMatchObject({ server: 'helpdesk', otherOrigins: ['billing'] });
    expect(asked).toHaveLength(1);
  });
});
