// Install links of every shape Switchboard reads become one proposed server, or a plain reason why not.
import { describe, expect, it } from 'vitest';
import { parseInstallLink } from '../../src/main/bringIn/installLinks';
import { installLinkIn, withInstallLink } from '../../src/main/bringIn/linkRoute';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const git = { command: 'uvx', args: ['mcp-server-git', '--repository', '/tmp/a b;rm -rf ~'] };

describe('install links', () => {
  it('reads Switchboard links: base64 JSON with the name inside', () => {
    expect(
      parseInstallLink(`switchboard://install?config=${encodeURIComponent(b64({ name: 'git', ...git }))}`),
    ).toEqual({
      ok: true,
      shape: 'switchboard',
      name: 'git',
      entry: git,
      ignored: [],
    });
    // base64 with + and / left unescaped in the query still reads.
    const raw = b64({ name: 'q', command: 'node', args: ['>>>???'] });
    expect(raw).toMatch(/[+/]/);
    expect(parseInstallLink(`switchboard://install?config=${raw}`)).toMatchObject({
      ok: true,
      entry: { args: ['>>>???'] },
    });
  });

  it('reads VS Code links and badges, with remote types, and names keys it leaves out', () => {
    const json = { name: 'github', type: 'http', url: 'https://api.githubcopilot.com/mcp/', gallery: true };
    expect(parseInstallLink(`vscode:mcp/install?${encodeURIComponent(JSON.stringify(json))}`)).toEqual({
      ok: true,
      shape: 'vscode',
      name: 'github',
      entry: { type: 'http', url: 'https://api.githubcopilot.com/mcp/' },
      ignored: ['gallery'],
    });
    const badge = `https://insiders.vscode.dev/redirect/mcp/install?name=git&config=${encodeURIComponent(JSON.stringify(git))}`;
    expect(parseInstallLink(badge)).toMatchObject({ ok: true, shape: 'vscode', name: 'git', entry: git });
    expect(
      parseInstallLink(
        `vscode-insiders:mcp/install?${encodeURIComponent(JSON.stringify({ name: 's', type: 'streamable-http', url: 'https://x.example/mcp' }))}`,
      ),
    ).toMatchObject({ ok: true, entry: { type: 'http', url: 'https://x.example/mcp' } });
  });

  it('reads Cursor and LM Studio links: the name beside a base64 entry', () => {
    expect(
      parseInstallLink(`cursor://anysphere.cursor-deeplink/mcp/install?name=git&config=${b64(git)}`),
    ).toMatchObject({
      ok: true,
      shape: 'cursor',
      name: 'git',
      entry: git,
    });
    expect(
      parseInstallLink(`lmstudio://add_mcp?name=remote&config=${b64({ url: 'https://r.example/mcp' })}`),
    ).toMatchObject({
      ok: true,
      shape: 'lmstudio',
      entry: { type: 'http', url: 'https://r.example/mcp' },
    });
    expect(parseInstallLink(`https://lmstudio.ai/install-mcp?name=git&config=${b64(git)}`)).toMatchObject({
      ok: true,
      shape: 'lmstudio',
    });
  });

  it('refuses links it cannot use, saying why', () => {
    const reason = (link: string) => {
      const parsed = parseInstallLink(link);
      return parsed.ok ? 'accepted' : parsed.reason;
    };
    expect(reason('')).toMatch(/empty/);
    expect(reason('not a link')).toMatch(/not a link/);
    expect(reason('javascript:alert(1)')).toMatch(/javascript: are not install links/);
    expect(reason('https://example.com/?config=x')).toMatch(/not an install link/);
    expect(reason('switchboard://install')).toMatch(/no server configuration/);
    expect(reason('switchboard://install?config=%%%')).toMatch(/not valid JSON/);
    expect(reason(`switchboard://install?config=${b64(['a'])}`)).toMatch(/not an object/);
    expect(reason(`switchboard://install?config=${b64({ command: 'x' })}`)).toMatch(/cannot be used/);
    expect(reason(`switchboard://install?config=${b64({ name: '../evil', command: 'x' })}`)).toMatch(
      /"..\/evil"/,
    );
    expect(reason(`switchboard://install?config=${b64({ name: 'x', command: '' })}`)).toMatch(/command/);
    expect(reason(`switchboard://install?config=${b64({ name: 'x', url: 'ftp://x' })}`)).toMatch(/url/);
    expect(
      reason(`switchboard://install?config=${b64({ name: 'x', command: 'a', url: 'https://x.example' })}`),
    ).toMatch(/cannot be used/);
    expect(reason(`switchboard://install?config=${'A'.repeat(70_000)}`)).toMatch(/too long/);
    expect(reason(`cursor://anysphere.cursor-deeplink/other?config=${b64(git)}`)).toMatch(/Cursor links/);
  });
});

describe('install links handed over by the system', () => {
  it('finds the link among launch arguments and routes it to the page', () => {
    expect(installLinkIn(['/usr/bin/switchboard', '--data', 'x', 'switchboard://install?config=abc'])).toBe(
      'switchboard://install?config=abc',
    );
    expect(installLinkIn(['/usr/bin/switchboard', 'https://example.com'])).toBeUndefined();
    expect(withInstallLink('app://switchboard/index.html#old', 'switchboard://install?config=a+b/c=')).toBe(
      'app://switchboard/index.html#install=switchboard%3A%2F%2Finstall%3Fconfig%3Da%2Bb%2Fc%3D',
    );
    expect(withInstallLink('app://switchboard/index.html', undefined)).toBe('app://switchboard/index.html');
  });
});
