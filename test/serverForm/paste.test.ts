// Pasted server text: a whole mcpServers block as READMEs show it, VS Code's shapes, fragments, and one entry.
import { describe, expect, it } from 'vitest';
import { readPastedServers } from '../../src/shared/serverPaste';

const github = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'] };
const files = { command: 'uvx', args: ['mcp-server-files'], env: { ROOT: '/home/me' } };

describe('readPastedServers', () => {
  it('reads every server of an mcpServers block, in order', () => {
    const text = JSON.stringify({ mcpServers: { github, files } }, null, 2);
    expect(readPastedServers(text)).toEqual({
      kind: 'servers',
      servers: [
        { name: 'github', entry: github },
        { name: 'files', entry: files },
      ],
    });
  });

  it('reads VS Code’s mcp.json and settings shapes', () => {
    const remote = { type: 'http', url: 'https://example.com/mcp' };
    expect(readPastedServers(JSON.stringify({ servers: { remote } }))).toEqual({
      kind: 'servers',
      servers: [{ name: 'remote', entry: remote }],
    });
    expect(readPastedServers(JSON.stringify({ mcp: { servers: { github } } }))).toMatchObject({
      kind: 'servers',
      servers: [{ name: 'github' }],
    });
  });

  it('reads a fragment copied without its outer braces, with a trailing comma and a comment', () => {
    const text = `"mcpServers": {
      // the GitHub server
      "github": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"], },
    },`;
    expect(readPastedServers(text)).toEqual({
      kind: 'servers',
      servers: [{ name: 'github', entry: github }],
    });
    expect(readPastedServers(`"github": ${JSON.stringify(github)}`)).toEqual({
      kind: 'servers',
      servers: [{ name: 'github', entry: github }],
    });
  });

  it('reads a record of named entries without a wrapper', () => {
    expect(readPastedServers(JSON.stringify({ github, files }))).toMatchObject({
      kind: 'servers',
      servers: [{ name: 'github' }, { name: 'files' }],
    });
  });

  it('reads a single entry as an entry, also a remote one with a "servers"-looking field', () => {
    expect(readPastedServers(JSON.stringify(github))).toEqual({ kind: 'entry', entry: github });
    expect(readPastedServers('{ "type": "sse", "url": "https://x.example/sse" }')).toMatchObject({
      kind: 'entry',
    });
    expect(readPastedServers('{ "args": [] }')).toEqual({ kind: 'entry', entry: { args: [] } });
  });

  it('keeps a server called __proto__ as a server', () => {
    const result = readPastedServers(
      '{"mcpServers": {"__proto__": {"command": "x"}, "constructor": {"command": "y"}}}',
    );
    expect(result).toEqual({
      kind: 'servers',
      servers: [
        { name: '__proto__', entry: { command: 'x' } },
        { name: 'constructor', entry: { command: 'y' } },
      ],
    });
    expect(({} as Record<string, unknown>).command).toBeUndefined();
  });

  it('says plainly what it cannot read', () => {
    expect(readPastedServers('')).toMatchObject({ kind: 'invalid' });
    expect(readPastedServers('{"mcpServers": ')).toMatchObject({
      kind: 'invalid',
      message: /not valid JSON/,
    });
    expect(readPastedServers('[1, 2]')).toMatchObject({ kind: 'invalid', message: /JSON object/ });
  });
});
