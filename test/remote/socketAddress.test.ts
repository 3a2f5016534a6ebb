// Socket and named-pipe addresses: the forms accepted, the ones refused with their reasons, and which system can use which.
import { describe, expect, it } from 'vitest';
import { socketPlatformProblem } from '../../src/main/servers/transport/socketTransport';
import { remoteServerSchema } from '../../src/shared/configSchema';
import { formatHostText, type HostText } from '../../src/shared/hostText';
import { remoteUrlProblem } from '../../src/shared/remoteUrl';
import { parseSocketAddress, socketAddressText } from '../../src/shared/socketAddress';

/** A problem in English, as the host's logs say it. */
function english(problem: HostText | undefined): string | undefined {
  return problem && formatHostText(problem);
}

function problemOf(url: string): string {
  const parsed = parseSocketAddress(url);
  if (!('problem' in parsed)) throw new Error(`expected a problem with ${url}`);
  return formatHostText(parsed.problem);
}

describe('a unix socket address', () => {
  it('names an absolute path, with the HTTP path after #', () => {
    expect(parseSocketAddress('unix:///run/app/mcp.sock')).toEqual({
      kind: 'unix',
      path: '/run/app/mcp.sock',
      requestPath: '/',
    });
    expect(parseSocketAddress('unix:///tmp/my%20dir/s.sock#/mcp')).toEqual({
      kind: 'unix',
      path: '/tmp/my dir/s.sock',
      requestPath: '/mcp',
    });
  });

  it('refuses a host, a relative or unclean path, a query and a path too long for a socket', () => {
    expect(problemOf('unix://host/tmp/s.sock')).toMatch(/unix:\/\/ and an absolute path/);
    expect(problemOf('unix:tmp/s.sock')).toMatch(/absolute path/);
    expect(problemOf('unix:///tmp/../etc/s.sock')).toMatch(/without empty, \. or \.\. parts/);
    expect(problemOf('unix:///tmp//s.sock')).toMatch(/without empty/);
    expect(problemOf('unix:///tmp/s.sock?x=1')).toMatch(/no query part/);
    expect(problemOf('unix:///tmp/s.sock#mcp')).toMatch(/must start with \//);
    expect(problemOf('unix:///tmp/s.sock#/mcp?x=1')).toMatch(/must start with \//);
    expect(problemOf('unix:///tmp/s%00.sock')).toMatch(/control character/);
    expect(problemOf('unix:///tmp/%E0%A4%A.sock')).toMatch(/broken %-escape/);
    expect(problemOf(`unix:///tmp/${'a'.repeat(110)}.sock`)).toMatch(/at most 107/);
  });

  it('is a valid url in a config entry, checked once its references are filled in', () => {
    expect(remoteUrlProblem('unix:///tmp/s.sock#/mcp')).toBeUndefined();
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a config.json reference, not a template
    expect(remoteUrlProblem('unix://${env:XDG_RUNTIME_DIR}/mcp.sock')).toBeUndefined();
    expect(english(remoteUrlProblem('unix:///tmp/../s.sock'))).toMatch(/plain and absolute/);
    expect(english(remoteUrlProblem('ftp://example.com'))).toMatch(
      /or a local socket \(unix:\/\/\/path\/to\.sock\)/,
    );
  });

  it('is reached over Streamable HTTP and without a sign-in', () => {
    expect(remoteServerSchema.safeParse({ url: 'unix:///tmp/s.sock', type: 'http' }).success).toBe(true);
    const sse = remoteServerSchema.safeParse({ url: 'unix:///tmp/s.sock', type: 'sse' });
    expect(sse.error?.issues[0]?.message).toMatch(/Streamable HTTP/);
    const oauth = remoteServerSchema.safeParse({ url: 'unix:///tmp/s.sock', oauth: { clientId: 'c' } });
    expect(oauth.error?.issues[0]?.message).toMatch(/does not sign in/);
  });
});

describe('a named pipe address', () => {
  const pipe = { kind: 'pipe', path: '\\\\.\\pipe\\mcp-server', requestPath: '/mcp' };

  it('is written as npipe: (two or four slashes), pipe:, or \\\\.\\pipe\\NAME', () => {
    expect(parseSocketAddress('npipe:////./pipe/mcp-server#/mcp')).toEqual(pipe);
    expect(parseSocketAddress('npipe://./pipe/mcp-server#/mcp')).toEqual(pipe);
    expect(parseSocketAddress('pipe:%5C%5C.%5Cpipe%5Cmcp-server#/mcp')).toEqual(pipe);
    expect(parseSocketAddress('\\\\.\\pipe\\mcp-server#/mcp')).toEqual(pipe);
    expect(parseSocketAddress('\\\\.\\PIPE\\mcp-server')).toMatchObject({ requestPath: '/' });
  });

  it('refuses another machine’s pipe, a missing name and a query', () => {
    expect(problemOf('\\\\fileserver\\pipe\\mcp')).toMatch(/only pipes on this machine/);
    expect(problemOf('npipe://fileserver/pipe/mcp')).toMatch(/only pipes on this machine/);
    expect(problemOf('npipe:////./pipe/')).toMatch(/npipe:\/\/\/\/\.\/pipe\/NAME/);
    expect(problemOf('npipe:////./pipe/a/b')).toMatch(/npipe:\/\/\/\/\.\/pipe\/NAME/);
    expect(problemOf('npipe:////./pipe/mcp?x')).toMatch(/no query part/);
    expect(problemOf(`npipe:////./pipe/${'n'.repeat(300)}`)).toMatch(/longer than 256/);
  });

  it('is shown in one form', () => {
    const parsed = parseSocketAddress('\\\\.\\pipe\\mcp-server');
    if ('problem' in parsed) throw new Error(formatHostText(parsed.problem));
    expect(socketAddressText(parsed, '/mcp')).toBe('npipe://./pipe/mcp-server#/mcp');
  });
});

describe('which system reaches which socket', () => {
  const unix = { kind: 'unix', path: '/tmp/s.sock', requestPath: '/' } as const;
  const pipe = { kind: 'pipe', path: '\\\\.\\pipe\\s', requestPath: '/' } as const;

  it('has unix sockets off Windows and named pipes on it', () => {
    expect(socketPlatformProblem(unix, 'linux')).toBeUndefined();
    expect(socketPlatformProblem(unix, 'darwin')).toBeUndefined();
    expect(socketPlatformProblem(pipe, 'win32')).toBeUndefined();
    expect(english(socketPlatformProblem(pipe, 'linux'))).toMatch(/named pipes are a Windows feature/);
    expect(english(socketPlatformProblem(unix, 'win32'))).toMatch(/give a named pipe/);
  });
});
