// Registry server.json → config entry: npm, PyPI, OCI, remotes and bundles, with the questions each asks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { installFields, planInstall, suggestedName } from '../../src/main/registry/installPlan';
import { unsupportedReason } from '../../src/main/registry/packageCommand';
import { type ServerJson, serverJsonSchema } from '../../src/main/registry/serverJson';

const documents = JSON.parse(
  readFileSync(new URL('../fixtures/registry/servers.json', import.meta.url), 'utf8'),
) as { servers: { server: unknown }[] };

function server(name: string): ServerJson {
  const found = documents.servers.find((item) => (item.server as { name: string }).name === name);
  return serverJsonSchema.parse(found?.server);
}

const first = { kind: 'package', index: 0 } as const;
/** How an entry refers to a stored secret. */
const input = (id: string) => ['$', `{input:${id}}`].join('');

describe('installing from the registry', () => {
  it('runs an npm package with npx -y at its version, and keeps a secret variable out of the entry', () => {
    const context7 = server('io.github.upstash/context7');
    expect(installFields(context7, first)).toEqual([
      expect.objectContaining({ key: 'env:CONTEXT7_API_KEY', where: 'env', required: false, secret: true }),
    ]);
    const plan = planInstall(context7, first, { 'env:CONTEXT7_API_KEY': 'ctx-secret-1' }, 'context7');
    expect(plan.entry).toEqual({
      command: 'npx',
      args: ['-y', '@upstash/context7-mcp@1.0.26'],
      env: { CONTEXT7_API_KEY: input('context7.CONTEXT7_API_KEY') },
    });
    expect(JSON.stringify(plan.entry)).not.toContain('ctx-secret-1');
    expect([...plan.secrets]).toEqual([['context7.CONTEXT7_API_KEY', 'ctx-secret-1']]);
    // Optional and left empty: no variable at all.
    expect(planInstall(context7, first, {}, 'context7').entry).toEqual({
      command: 'npx',
      args: ['-y', '@upstash/context7-mcp@1.0.26'],
    });
  });

  it('adds package arguments after the package, and plain variables with their defaults', () => {
    const plan = planInstall(server('io.modelcontextprotocol/everything'), first, {}, 'everything');
    expect(plan.entry).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31', 'stdio'],
      env: { EVERYTHING_GREETING: 'hello' },
    });
  });

  it('runs a PyPI package with uvx pkg==version, honouring runtimeHint and runtime and package arguments', () => {
    expect(planInstall(server('io.github.microsoft/markitdown'), first, {}, 'markitdown').entry).toEqual({
      command: 'uvx',
      args: ['markitdown-mcp==0.0.1a4'],
    });
    expect(planInstall(server('io.github.headroomlabs-ai/headroom'), first, {}, 'headroom').entry).toEqual({
      command: 'uvx',
      args: ['--from', 'headroom-ai[mcp]', 'headroom-ai==0.37.0', 'headroom', 'mcp', 'serve'],
    });
  });

  it("runs an OCI image with docker, the publisher's own run line pinned, and the token in the secret store", () => {
    const github = server('io.github.github/github-mcp-server');
    const fields = installFields(github, first);
    expect(fields).toEqual([
      expect.objectContaining({ key: 'runtime:3/token', required: true, secret: true }),
    ]);
    expect(() => planInstall(github, first, {}, 'github')).toThrow(/token is required/);
    const plan = planInstall(github, first, { 'runtime:3/token': 'ghp_secret' }, 'github');
    expect(plan.entry).toEqual({
      command: 'docker',
      args: [
        'run',
        '-i',
        '--rm',
        '-e',
        'GITHUB_PERSONAL_ACCESS_TOKEN',
        'ghcr.io/github/github-mcp-server:0.20.1',
      ],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: input('github.GITHUB_PERSONAL_ACCESS_TOKEN') },
    });
    expect(plan.secrets.get('github.GITHUB_PERSONAL_ACCESS_TOKEN')).toBe('ghp_secret');
    expect(JSON.stringify(plan.entry)).not.toContain('ghp_secret');
  });

  it('writes docker run -i --rm itself when the publisher gives no run line, passing variables by name', () => {
    const plain = serverJsonSchema.parse({
      name: 'io.example/db',
      version: '3.0.0',
      packages: [
        {
          registryType: 'oci',
          registryBaseUrl: 'https://ghcr.io',
          identifier: 'example/db-mcp',
          version: '3.0.0',
          environmentVariables: [{ name: 'DB_URL', isRequired: true }],
          packageArguments: [{ type: 'named', name: '--read-only', format: 'boolean', default: 'true' }],
        },
      ],
    });
    expect(planInstall(plain, first, { 'env:DB_URL': 'postgres://db' }, 'db').entry).toEqual({
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'DB_URL', 'ghcr.io/example/db-mcp:3.0.0', '--read-only'],
      env: { DB_URL: 'postgres://db' },
    });
  });

  it('fills a remote URL template and secret header, and picks sse for an sse remote', () => {
    const weather = server('io.example/weather-remote');
    const remote = { kind: 'remote', index: 0 } as const;
    expect(installFields(weather, remote).map((field) => [field.key, field.required, field.secret])).toEqual([
      ['url:tenant', true, false],
      ['header:Authorization/api_key', true, true],
      ['header:X-Units', false, false],
    ]);
    expect(() => planInstall(weather, remote, { 'url:tenant': 'acme' }, 'weather')).toThrow(
      /api_key is required/,
    );
    const plan = planInstall(
      weather,
      remote,
      { 'url:tenant': 'acme', 'header:Authorization/api_key': 'k-123' },
      'weather',
    );
    expect(plan.entry).toEqual({
      type: 'http',
      url: 'https://acme.weather.example.com/mcp',
      headers: { Authorization: input('weather.Authorization'), 'X-Units': 'metric' },
    });
    expect(plan.secrets.get('weather.Authorization')).toBe('Bearer k-123');
    expect(() =>
      planInstall(
        weather,
        remote,
        { 'url:tenant': 'acme', 'header:Authorization/api_key': 'k', 'header:X-Units': 'kelvin' },
        'w',
      ),
    ).toThrow(/metric, imperial/);
    expect(planInstall(weather, { kind: 'remote', index: 1 }, {}, 'weather').entry).toEqual({
      type: 'sse',
      url: 'https://sse.weather.example.com/sse',
    });
  });

  it('says which packages it cannot run, and suggests a plain server name', () => {
    const bundle = server('io.example/hello-bundle');
    expect(unsupportedReason(bundle.packages?.[0] ?? { registryType: 'x', identifier: 'x' })).toBeUndefined();
    expect(() => planInstall(bundle, first, {}, 'hello')).toThrow(/downloading/);
    expect(unsupportedReason({ registryType: 'cargo', identifier: 'x' })).toMatch(
      /does not know how to run "cargo"/,
    );
    expect(
      unsupportedReason({
        registryType: 'npm',
        identifier: 'x',
        transport: { type: 'streamable-http', url: 'http://localhost:3000/mcp' },
      }),
    ).toMatch(/local web server/);
    expect(suggestedName(server('io.github.github/github-mcp-server'))).toBe('github-mcp-server');
    expect(suggestedName(serverJsonSchema.parse({ name: 'io.x/we@ird$name', version: '1' }))).toBe(
      'we-ird-name',
    );
  });
});
