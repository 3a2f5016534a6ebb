// The person's labels and review choices: kept across a restart, a lowered label only for the server it was lowered on.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlowSettings } from '../../src/main/flow/flowSettings';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-flow-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('FlowSettings', () => {
  it('keeps labels and review choices across a restart; a lowered label holds for the same launch only', async () => {
    const path = join(dir, 'flow-settings.json');
    const first = new FlowSettings(path);
    await first.load();
    await first.setLabel('web', 'identity-A', 'fetch', 'sendsOut', false);
    await first.setLabel('web', 'identity-A', 'fetch', 'privateData', true);
    await first.setReview('web', undefined, true);
    await first.setReview('web', 'fetch', false);

    const again = new FlowSettings(path);
    await again.load();
    expect(again.overrides('web', 'identity-A', 'fetch')).toEqual({ sendsOut: false, privateData: true });
    // The same name now launches something else: the raised label stays, the lowered one does not.
    expect(again.overrides('web', 'identity-B', 'fetch')).toEqual({ privateData: true });
    expect(again.serverReview('web')).toBe(true);
    expect(again.toolReview('web', 'fetch')).toBe(false);

    await again.setLabel('web', 'identity-A', 'fetch', 'sendsOut', null);
    await again.setLabel('web', 'identity-A', 'fetch', 'privateData', null);
    await again.setReview('web', 'fetch', null);
    expect(again.overrides('web', 'identity-A', 'fetch')).toEqual({});
    expect(again.toolReview('web', 'fetch')).toBeUndefined();
  });

  it('a damaged file is reported and kept aside; the rules apply alone', async () => {
    const path = join(dir, 'flow-settings.json');
    await writeFile(path, '{ "version": 1, "tools": "nope" }');
    const problems: string[] = [];
    const settings = new FlowSettings(path, (message) => problems.push(message));
    await settings.load();
    expect(settings.overrides('web', 'a', 'fetch')).toEqual({});
    expect(problems[0]).toMatch(/damaged; the rules apply alone\. It was kept as .*\.bak\./);
  });
});
