// The network list of a sandboxed server: its own choice, or the default derived from its launcher, arguments and install.
import { describe, expect, it } from 'vitest';
import { planInstall } from '../../src/main/registry/installPlan';
import { serverJsonSchema } from '../../src/main/registry/serverJson';
import { sandboxSchema } from '../../src/shared/configSchema';
import { hostEntryProblem } from '../../src/shared/sandbox';
import { declaredNetwork, defaultHosts, hostsInText, networkOf } from '../../src/shared/sandboxNetwork';

describe('the default network list', () => {
  it('allows the registry its launcher installs from', () => {
    expect(defaultHosts({ command: 'npx', args: ['-y', '@scope/server'] })).toEqual(['registry.npmjs.org']);
    expect(defaultHosts({ command: '/usr/local/bin/uvx', args: ['mcp-server-git'] })).toEqual([
      'pypi.org',
      'files.pythonhosted.org',
    ]);
    expect(defaultHosts({ command: 'C:\\Program Files\\nodejs\\npx.cmd', args: [] })).toEqual([
      'registry.npmjs.org',
    ]);
    expect(defaultHosts({ command: 'node', args: ['server.js'] })).toEqual([]);
  });

  it('allows the registry a docker image is pulled from', () => {
    expect(
      defaultHosts({ command: 'docker', args: ['run', '-i', '--rm', '-e', 'TOKEN', 'ghcr.io/acme/mcp:1'] }),
    ).toEqual(['ghcr.io']);
    expect(defaultHosts({ command: 'docker', args: ['run', '-i', 'mcp/fetch'] })).toEqual([
      'registry-1.docker.io',
      'auth.docker.io',
      'production.cloudflare.docker.com',
    ]);
  });

  it('adds the hosts its URL-looking arguments name, with ports other than the scheme’s', () => {
    const entry = {
      command: 'npx',
      args: [
        'server',
        '--api=https://api.example.com/v1',
        'http://127.0.0.1:8080/x',
        'wss://live.example.org:443',
      ],
    };
    expect(defaultHosts(entry)).toEqual([
      'registry.npmjs.org',
      'api.example.com',
      '127.0.0.1:8080',
      'live.example.org',
    ]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: config.json references, not templates
    const references = ['${input:url}', 'https://${env:HOST}/x', 'not a url'];
    expect(hostsInText(references)).toEqual([]);
  });

  it('is the entry’s own choice when it makes one', () => {
    expect(networkOf({ command: 'npx', args: [], sandbox: { network: 'none' } })).toBe('none');
    expect(networkOf({ command: 'npx', args: [], sandbox: { network: ['a.example'] } })).toEqual([
      'a.example',
    ]);
    expect(networkOf({ command: 'npx', args: [], sandbox: {} })).toEqual(['registry.npmjs.org']);
  });

  it('takes what a registry or bundle install declares beyond the default, and nothing when it adds nothing', () => {
    const entry = { command: 'npx', args: ['-y', 'pkg'] };
    expect(declaredNetwork(entry, ['registry.npmjs.org'])).toBeUndefined();
    expect(declaredNetwork(entry, ['api.example.com', 'not a host'])).toEqual([
      'registry.npmjs.org',
      'api.example.com',
    ]);
  });
});

describe('host entries in config.json', () => {
  it('accepts names, wildcards under a domain, addresses and ports, and refuses the rest', () => {
    for (const good of ['example.com', '*.example.com', '127.0.0.1:8080', '[::1]:5432', 'localhost:3000'])
      expect([good, hostEntryProblem(good)]).toEqual([good, undefined]);
    for (const bad of ['*', '*.com', 'http://x.com', 'x.com/path', 'x.com:99999', '', 'a b'])
      expect(hostEntryProblem(bad)).toBeDefined();
    expect(sandboxSchema.safeParse(false).success).toBe(true);
    expect(sandboxSchema.safeParse({ network: 'any' }).success).toBe(true);
    expect(sandboxSchema.safeParse({ network: ['*'] }).success).toBe(false);
    expect(sandboxSchema.safeParse(true).success).toBe(false);
  });
});

describe('what a registry install declares', () => {
  it('lists the registry a package comes from and its remote addresses beside the launcher’s own', () => {
    const server = serverJsonSchema.parse({
      name: 'io.example/weather',
      description: 'Weather',
      version: '1.2.0',
      packages: [
        {
          registryType: 'npm',
          registryBaseUrl: 'https://npm.example.com',
          identifier: '@example/weather',
          version: '1.2.0',
          transport: { type: 'stdio' },
          environmentVariables: [{ name: 'API_BASE', default: 'https://api.weather.example/v2' }],
        },
      ],
      remotes: [{ type: 'streamable-http', url: 'https://mcp.weather.example/mcp' }],
    });
    const plan = planInstall(server, { kind: 'package', index: 0 }, {}, 'weather');
    expect(plan.entry).toMatchObject({
      sandbox: {
        network: ['registry.npmjs.org', 'npm.example.com', 'mcp.weather.example', 'api.weather.example'],
      },
    });
  });
});
