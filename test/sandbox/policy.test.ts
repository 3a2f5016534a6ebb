// What one sandboxed server may touch: the policy built from its resolved program, its folders and its network choice.
import { chmod, mkdir, mkdtemp, realpath, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { innerCommand, policyFor, quote, type ResolvedProgram } from '../../src/main/sandbox/policy';
import { mayShow, resolveProgram } from '../../src/main/sandbox/resolve';

const program: ResolvedProgram = {
  command: '/usr/bin/node',
  args: ['/opt/tools/server.js', '--root', "it's"],
  readable: ['/usr/bin/node', '/opt/tools'],
  cwd: '/data/sandbox/k/home',
};
const base = {
  platform: 'linux' as const,
  program,
  roots: [
    { path: '/home/me/project', readOnly: false },
    { path: '/home/me/papers', readOnly: true },
  ],
  home: '/data/sandbox/k/home',
  tmp: '/data/sandbox/k/tmp',
  runtimePaths: ['/lib/srt/vendor/seccomp', '/tmp/claude-http-1.sock'],
  systemDirs: ['/usr', '/etc'],
};

describe('the policy of one server', () => {
  it('hides the whole machine, then shows the system, the program, its folders and its own home', () => {
    const policy = policyFor({ ...base, network: 'none', protectedPaths: ['/home/me/project/.git/hooks'] });
    expect(policy.config.filesystem).toEqual({
      denyRead: ['/'],
      allowRead: [
        '/usr',
        '/etc',
        '/lib/srt/vendor/seccomp',
        '/tmp/claude-http-1.sock',
        '/usr/bin/node',
        '/opt/tools',
        '/home/me/project',
        '/home/me/papers',
        '/data/sandbox/k/home',
        '/data/sandbox/k/tmp',
      ],
      allowWrite: ['/home/me/project', '/data/sandbox/k/home', '/data/sandbox/k/tmp'],
      denyWrite: ['/home/me/project/.git/hooks'],
    });
    expect(policy.config.network).toEqual({ allowedDomains: [], deniedDomains: [] });
    expect(policy.hosts).toEqual([]);
    expect(policy.env).toEqual({
      HOME: '/data/sandbox/k/home',
      TMPDIR: '/data/sandbox/k/tmp',
      NODE_USE_ENV_PROXY: '1',
    });
  });

  it('registers only the listed hosts, relays listed loopback ports, and drops the network namespace for any host', () => {
    const hosts = policyFor({ ...base, network: ['registry.npmjs.org', 'localhost:8080', '127.0.0.1:9000'] });
    expect(hosts.hosts).toEqual(['registry.npmjs.org', '127.0.0.1:8080', '127.0.0.1:9000']);
    expect(hosts.loopbackPorts).toEqual([8080, 9000]);
    const shell = innerCommand(hosts, { auth: 'srt.id:token', socat: '/usr/bin/socat' });
    expect(shell).toContain("'/usr/bin/socat' TCP4-LISTEN:8080,bind=127.0.0.1,fork,reuseaddr");
    expect(shell).toContain("'PROXY:localhost:127.0.0.1:9000,proxyport=3128,proxyauth=srt.id:token'");
    expect(policyFor({ ...base, platform: 'darwin', network: ['127.0.0.1:8080'] }).loopbackPorts).toEqual([]);
    const any = policyFor({ ...base, network: 'any' });
    expect(any.config.network).toBeUndefined();
    expect(any.env.NODE_USE_ENV_PROXY).toBeUndefined();
  });

  it('runs the program in its folder with its own home, every word quoted', () => {
    const shell = innerCommand(policyFor({ ...base, network: 'none' }));
    expect(shell).toBe(
      "cd '/data/sandbox/k/home' && HOME='/data/sandbox/k/home' TMPDIR='/data/sandbox/k/tmp' NODE_USE_ENV_PROXY='1' exec '/usr/bin/node' '/opt/tools/server.js' '--root' 'it'\\''s'",
    );
    expect(quote('$(rm -rf ~)`x`\n')).toBe("'$(rm -rf ~)`x`\n'");
  });
});

describe('resolving what a server runs', () => {
  async function world() {
    const top = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-resolve-')));
    const home = join(top, 'home');
    const data = join(top, 'data');
    const prefix = join(home, '.nvm', 'versions', 'node', 'v22');
    await mkdir(join(prefix, 'bin'), { recursive: true });
    await mkdir(join(home, 'tools', 'srv', 'lib'), { recursive: true });
    await mkdir(join(top, 'app', 'node_modules', '@x', 'server', 'dist'), { recursive: true });
    await mkdir(data, { recursive: true });
    await writeFile(join(prefix, 'bin', 'node'), '#!/bin/sh\n');
    await chmod(join(prefix, 'bin', 'node'), 0o755);
    await writeFile(join(prefix, 'bin', 'mcp-thing'), '#!/usr/bin/env node\n');
    await chmod(join(prefix, 'bin', 'mcp-thing'), 0o755);
    await writeFile(join(home, 'tools', 'srv', 'package.json'), '{}');
    await writeFile(join(home, 'tools', 'srv', 'lib', 'main.js'), '');
    await writeFile(join(top, 'app', 'node_modules', '@x', 'server', 'dist', 'index.js'), '');
    await symlink(join(home, 'tools', 'srv', 'lib', 'main.js'), join(top, 'link.js'));
    const input = {
      path: join(prefix, 'bin'),
      home,
      dataDir: data,
      hostCwd: top,
      privateHome: join(data, 'sandbox', 'k', 'home'),
    };
    return { top, home, data, prefix, input };
  }

  it('finds the command on the PATH, shows its install prefix and the interpreter its #! line names', async () => {
    const { prefix, input } = await world();
    const resolved = await resolveProgram({ ...input, command: 'mcp-thing', args: ['stdio'] });
    expect(resolved.command).toBe(join(prefix, 'bin', 'mcp-thing'));
    expect(resolved.readable).toEqual([prefix]);
    expect(resolved.args).toEqual(['stdio']);
    expect(resolved.cwd).toBe(input.privateHome);
    await expect(resolveProgram({ ...input, command: 'nowhere', args: [] })).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('shows the project of a script its arguments name (all of node_modules for a package), as a real path', async () => {
    const { top, home, input } = await world();
    const resolved = await resolveProgram({
      ...input,
      command: 'node',
      args: [
        'app/node_modules/@x/server/dist/index.js',
        `--entry=${join(top, 'link.js')}`,
        'plain',
        'https://x.org/a/b',
      ],
    });
    expect(resolved.args).toEqual([
      join(top, 'app', 'node_modules', '@x', 'server', 'dist', 'index.js'),
      `--entry=${join(home, 'tools', 'srv', 'lib', 'main.js')}`,
      'plain',
      'https://x.org/a/b',
    ]);
    expect(resolved.readable).toEqual(
      expect.arrayContaining([join(top, 'app', 'node_modules'), join(home, 'tools', 'srv')]),
    );
  });

  it('never shows the home folder, the data folder, anything above them, or the data folder’s own files', async () => {
    const { home, data, input } = await world();
    const resolved = await resolveProgram({
      ...input,
      command: 'node',
      args: [home, data, join(data, '..')],
    });
    expect(resolved.readable).not.toContain(home);
    expect(resolved.readable).not.toContain(data);
    expect(resolved.readable).not.toContain(join(data, '..'));
    expect(resolved.args).toEqual([home, data, join(data, '..')]);
    expect(mayShow(join(data, 'config.json'), input)).toBe(false);
    expect(mayShow(join(data, 'bundles', 'b1'), input)).toBe(true);
    expect(mayShow('/', input)).toBe(false);
  });
});
