// The macOS and Windows paths, checked on Linux: the Seatbelt profile a server gets, and Windows refusing per-server folders.
import { afterAll, describe, expect, it } from 'vitest';
import type { SandboxRuntime } from '../../src/main/sandbox/runtime';

const realPlatform = process.platform;
const runtimes: SandboxRuntime[] = [];
afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.shutdown()));
  Object.defineProperty(process, 'platform', { value: realPlatform });
});

describe('macOS', () => {
  it('gives each server a Seatbelt profile that denies every read but its system, program, folders and home', async () => {
    // The library reads the platform when it wraps: faked before it is loaded, it writes the macOS profile.
    Object.defineProperty(process, 'platform', { value: 'darwin' });
    const { SandboxRuntime } = await import('../../src/main/sandbox/runtime');
    const { policyFor } = await import('../../src/main/sandbox/policy');
    const runtime = new SandboxRuntime();
    runtimes.push(runtime);
    expect(await runtime.status()).toEqual({ ok: true });
    const home = '/Users/me/Library/Application Support/Switchboard/sandbox/k/home';
    const tmp = '/Users/me/Library/Application Support/Switchboard/sandbox/k/tmp';
    const policy = policyFor({
      platform: 'darwin',
      program: {
        command: '/opt/homebrew/bin/node',
        args: ['/Users/me/tools/server.js'],
        readable: ['/opt/homebrew/Cellar/node/22', '/Users/me/tools'],
        cwd: home,
      },
      roots: [
        { path: '/Users/me/project', readOnly: false },
        { path: '/Users/me/papers', readOnly: true },
      ],
      home,
      tmp,
      network: 'none',
      runtimePaths: [],
      systemDirs: ['/System', '/usr', '/private/etc'],
    });
    const { argv, release } = await runtime.wrap(policy, () => {});
    release();
    const shell = argv[2] ?? '';
    expect(shell).toMatch(/^exec .*sandbox-exec -p /);
    const profile = shell.slice(shell.indexOf('(version 1)'));
    const block = (opening: string, from = 0) => {
      const start = profile.indexOf(opening, from);
      expect(start).toBeGreaterThanOrEqual(0);
      return profile.slice(start, profile.indexOf('(with message', start));
    };
    const subpaths = (text: string) => [...text.matchAll(/\(subpath "([^"]*)"\)/g)].map((match) => match[1]);
    const denied = profile.indexOf('(deny file-read*');
    expect(subpaths(block('(deny file-read*'))).toEqual(['/']);
    const reads = subpaths(block('(allow file-read*\n', denied));
    expect(reads).toEqual(
      expect.arrayContaining([
        '/System',
        '/usr',
        '/private/etc',
        '/opt/homebrew/Cellar/node/22',
        '/Users/me/tools',
      ]),
    );
    expect(reads).toEqual(expect.arrayContaining(['/Users/me/project', '/Users/me/papers', home, tmp]));
    expect(reads.some((path) => path === '/Users/me' || path === '/Users')).toBe(false);
    const writes = subpaths(block('(allow file-write*\n'));
    expect(writes).toEqual(expect.arrayContaining(['/Users/me/project', home, tmp]));
    expect(writes).not.toContain('/Users/me/papers');
    expect(writes).not.toContain('/Users/me/tools');
  });
});

describe('Linux without bubblewrap', () => {
  it('runs servers unsandboxed, naming what is missing and how to install it', async () => {
    const { SandboxRuntime } = await import('../../src/main/sandbox/runtime');
    const runtime = new SandboxRuntime({
      platform: 'linux',
      findProgram: (name) => (name === 'bwrap' ? undefined : `/usr/bin/${name}`),
    });
    const status = await runtime.status();
    expect(status).toMatchObject({ ok: false, reason: 'missing' });
    expect(status.ok ? '' : status.message).toMatch(
      /needs bubblewrap, which is not installed\. Install them with `sudo apt-get install bubblewrap socat ripgrep`/,
    );
  });
});

describe('Windows', () => {
  it('runs servers unsandboxed and says why: the sandbox there cannot keep each server to its own folders', async () => {
    const { SandboxRuntime } = await import('../../src/main/sandbox/runtime');
    const runtime = new SandboxRuntime({ platform: 'win32' });
    const status = await runtime.status();
    expect(status).toMatchObject({ ok: false, reason: 'windows' });
    expect(status.ok ? '' : status.message).toMatch(/every server would see all of them/);
    await expect(runtime.wrap({} as never, () => {})).rejects.toThrow(/Windows/);
  });
});
