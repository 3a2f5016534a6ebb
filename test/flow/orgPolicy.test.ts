// The organisation's policy: what it allows, denies and holds; and a policy that cannot be read blocks all it could have blocked.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  blockReason,
  forcesReview,
  holdsTool,
  minimumSandboxOf,
  type OrgPolicy,
  parsePolicy,
  sandboxShortfall,
} from '../../src/main/flow/orgPolicy';
import { loadPolicies, systemPolicyPath } from '../../src/main/flow/policyFiles';
import type { ServerEntry } from '../../src/shared/types';

const FETCH: ServerEntry = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-fetch'] };
const ACME: ServerEntry = { command: 'npx', args: ['-y', '@acme/tickets@2.0.0'] };
const REMOTE: ServerEntry = { url: 'https://mcp.acme.com/mcp' };
const LOCAL: ServerEntry = { command: '/usr/local/bin/notes-server', args: [] };

const policy = (value: unknown) => parsePolicy(JSON.stringify(value), 'policy.json');

/** Whether `policies` block each of the four sample servers. */
function blocked(policies: OrgPolicy[]) {
  return {
    fetch: blockReason(policies, 'fetch', FETCH) !== undefined,
    acme: blockReason(policies, 'acme', ACME) !== undefined,
    remote: blockReason(policies, 'remote', REMOTE) !== undefined,
    local: blockReason(policies, 'notes', LOCAL) !== undefined,
  };
}

/** Whether everything a policy could block is blocked: every server, every tool held, every result reviewed, no network. */
function closed(parsed: OrgPolicy): boolean {
  const all = Object.values(blocked([parsed])).every(Boolean);
  return (
    all &&
    holdsTool([parsed], 'notes', LOCAL, 'anything') &&
    forcesReview([parsed], 'notes', LOCAL) &&
    minimumSandboxOf([parsed]) === 'network-none' &&
    parsed.problems.length > 0
  );
}

describe('policy rules', () => {
  it('denies by command, package or URL pattern, and allows only what an allow list names', () => {
    expect(
      blocked([policy({ version: 1, servers: { deny: [{ package: '@modelcontextprotocol/*' }] } })]),
    ).toEqual({
      fetch: true,
      acme: false,
      remote: false,
      local: false,
    });
    expect(blocked([policy({ version: 1, servers: { deny: [{ command: 'notes-server' }] } })]).local).toBe(
      true,
    );
    const allowList = policy({
      version: 1,
      servers: { allow: [{ package: '@acme/*' }, { url: 'https://*.acme.com/*' }], deny: [{ url: '*/mcp' }] },
    });
    // Deny wins over allow.
    expect(blocked([allowList])).toEqual({ fetch: true, acme: false, remote: true, local: true });
    expect(blockReason([allowList], 'fetch', FETCH)).toBe('it is not among the servers policy.json allows');
    expect(blockReason([allowList], 'remote', REMOTE)).toBe(
      'policy.json denies servers matching url "*/mcp"',
    );
  });

  it('holds named tools, forces review for named servers, and sets the least sandbox', () => {
    const parsed = policy({
      version: 1,
      alwaysHold: [{ tool: 'send_*' }, { package: '@acme/*', tool: 'close_ticket' }],
      reviewBeforeModel: [{ url: 'https://mcp.acme.com/*' }],
      minimumSandbox: 'sandboxed',
    });
    expect(holdsTool([parsed], 'notes', LOCAL, 'send_mail')).toBe(true);
    expect(holdsTool([parsed], 'acme', ACME, 'close_ticket')).toBe(true);
    expect(holdsTool([parsed], 'notes', LOCAL, 'close_ticket')).toBe(false);
    expect(forcesReview([parsed], 'remote', REMOTE)).toBe(true);
    expect(forcesReview([parsed], 'acme', ACME)).toBe(false);
    expect(minimumSandboxOf([parsed, policy({ version: 1, minimumSandbox: 'network-none' })])).toBe(
      'network-none',
    );
    expect(minimumSandboxOf([])).toBe('none');
    expect(sandboxShortfall({ command: 'node', sandbox: false } as ServerEntry, 'sandboxed')).toMatch(
      /requires a sandbox/,
    );
    expect(sandboxShortfall({ command: 'node' }, 'sandboxed')).toBeUndefined();
    expect(sandboxShortfall({ command: 'npx', args: ['-y', '@acme/server'] }, 'network-none')).toMatch(
      /no network/,
    );
    // Its default list names no host: the sandbox gives it no network.
    expect(sandboxShortfall({ command: 'node' }, 'network-none')).toBeUndefined();
    expect(
      sandboxShortfall({ command: 'node', sandbox: { network: 'none' } } as ServerEntry, 'network-none'),
    ).toBeUndefined();
    expect(sandboxShortfall(REMOTE, 'network-none')).toBeUndefined();
  });

  it('a valid empty policy blocks nothing', () => {
    const parsed = policy({ version: 1 });
    expect(parsed.problems).toEqual([]);
    expect(Object.values(blocked([parsed])).some(Boolean)).toBe(false);
    expect(holdsTool([parsed], 'notes', LOCAL, 'send')).toBe(false);
  });
});

describe('a malformed policy fails closed', () => {
  const WHOLE: [string, string][] = [
    ['not JSON', '{ "version": 1, '],
    ['an array', '[]'],
    ['null', 'null'],
    ['no version', '{ "servers": { "deny": [] } }'],
    ['a version it does not know', '{ "version": 2 }'],
    ['an unknown setting (a misspelt rule)', '{ "version": 1, "denyServers": [{ "package": "*" }] }'],
    ['empty text', ''],
  ];
  for (const [name, text] of WHOLE) {
    it(`blocks everything for ${name}, and says why`, () => {
      const parsed = parsePolicy(text, 'policy.json');
      expect(closed(parsed)).toBe(true);
      expect(parsed.problems[0]).toContain('policy.json');
    });
  }

  it('a broken part blocks all that part could have blocked, and the rest still applies', () => {
    const servers = policy({
      version: 1,
      servers: { deny: [{ pakage: 'x' }] },
      alwaysHold: [{ tool: 'send' }],
    });
    expect(Object.values(blocked([servers])).every(Boolean)).toBe(true);
    expect(holdsTool([servers], 'notes', LOCAL, 'send')).toBe(true);
    expect(holdsTool([servers], 'notes', LOCAL, 'read')).toBe(false);
    expect(servers.problems[0]).toMatch(/"servers"/);

    expect(Object.values(blocked([policy({ version: 1, servers: { allow: 'all' } })])).every(Boolean)).toBe(
      true,
    );
    expect(Object.values(blocked([policy({ version: 1, servers: { deny: [{}] } })])).every(Boolean)).toBe(
      true,
    );
    expect(holdsTool([policy({ version: 1, alwaysHold: [{ name: 'x' }] })], 'notes', LOCAL, 'read')).toBe(
      true,
    );
    expect(forcesReview([policy({ version: 1, reviewBeforeModel: 'web' })], 'notes', LOCAL)).toBe(true);
    expect(minimumSandboxOf([policy({ version: 1, minimumSandbox: 'strict' })])).toBe('network-none');
  });
});

describe('policy files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchboard-policy-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lives in a system-wide folder of each platform', () => {
    expect(systemPolicyPath('linux', {})).toBe('/etc/switchboard/policy.json');
    expect(systemPolicyPath('darwin', {})).toBe('/Library/Application Support/Switchboard/policy.json');
    expect(systemPolicyPath('win32', { ProgramData: 'D:\\Data' })).toMatch(
      /^D:\\Data.Switchboard.policy\.json$/,
    );
  });

  it('a missing system file is no policy; a missing named file, or one that cannot be read, blocks everything', async () => {
    expect(await loadPolicies([{ path: join(dir, 'none.json'), named: false }])).toEqual([]);
    const [missing] = await loadPolicies([{ path: join(dir, 'none.json'), named: true }]);
    expect(closed(missing!)).toBe(true);
    expect(missing!.problems[0]).toMatch(/does not exist/);

    const [folder] = await loadPolicies([{ path: dir, named: false }]);
    expect(closed(folder!)).toBe(true);

    const file = join(dir, 'policy.json');
    await writeFile(file, JSON.stringify({ version: 1, servers: { deny: [{ package: '@acme/*' }] } }));
    const both = await loadPolicies([
      { path: file, named: false },
      { path: join(dir, 'none.json'), named: false },
    ]);
    expect(blocked(both)).toEqual({ fetch: false, acme: true, remote: false, local: false });
    if (process.getuid?.() !== 0) {
      await chmod(file, 0o000);
      const [unreadable] = await loadPolicies([{ path: file, named: false }]);
      expect(closed(unreadable!)).toBe(true);
    }
  });
});
