// config.json is checked entry by entry: one bad entry is set aside with its reason and position, the others run.
import { describe, expect, it } from 'vitest';
import { validateConfigText } from '../../src/main/config/validate';

const lines = (...text: string[]) => text.join('\n');

/** The valid server names and the invalid ones with where their problem is. */
function outcome(text: string) {
  const result = validateConfigText(text);
  if (!result.ok) return { file: result.problem };
  return {
    valid: Object.keys(result.config.mcpServers),
    invalid: result.invalid.map(({ name, problem }) => ({ name, ...problem })),
  };
}

describe('per-entry validation', () => {
  it('points at a trailing comma after the last server, not at the brace after it, and keeps the servers', () => {
    const text = lines(
      '{',
      '  "mcpServers": {',
      '    "a": { "command": "x" },',
      '    "b": { "command": "y" },',
      '  }',
      '}',
    );
    expect(outcome(text)).toEqual({
      valid: ['a'],
      invalid: [
        expect.objectContaining({ name: 'b', line: 4, column: 28, message: expect.stringMatching(/comma/) }),
      ],
    });
  });

  it('points at a trailing comma inside one entry, and only that entry is set aside', () => {
    const text = lines(
      '{',
      '  "mcpServers": {',
      '    "a": { "command": "x", "args": ["1",] },',
      '    "b": { "command": "y" }',
      '  }',
      '}',
    );
    expect(outcome(text)).toMatchObject({
      valid: ['b'],
      invalid: [{ name: 'a', line: 3, column: 40, field: 'mcpServers.a' }],
    });
  });

  it('points at the end of the value a comma is missing after', () => {
    const text = lines(
      '{',
      '  "mcpServers": {',
      '    "a": { "command": "x" }',
      '    "b": { "command": "y" }',
      '  }',
      '}',
    );
    expect(outcome(text)).toMatchObject({
      valid: ['b'],
      invalid: [{ name: 'a', line: 3, column: 28, message: 'A comma was expected here.' }],
    });
  });

  it('sets aside a remote entry with a plain-http LAN address and keeps the servers around it', () => {
    const text = lines(
      '{',
      '  "mcpServers": {',
      '    "local": { "command": "node" },',
      '    "lan": { "url": "http://192.168.1.20:8080/mcp" },',
      '    "remote": { "url": "https://example.com/mcp" }',
      '  }',
      '}',
    );
    expect(outcome(text)).toMatchObject({
      valid: ['local', 'remote'],
      invalid: [
        { name: 'lan', line: 4, column: 21, field: 'mcpServers.lan.url', message: /plain http to 192\.168/ },
      ],
    });
  });

  it('sets aside an entry whose name cannot be a server name', () => {
    expect(outcome('{"mcpServers": {"a/b": {"command": "x"}, "c": {"command": "y"}}}')).toMatchObject({
      valid: ['c'],
      invalid: [{ name: 'a/b', field: 'mcpServers.a/b' }],
    });
  });

  it('keeps a server named __proto__ as a server, not as a prototype', () => {
    const result = validateConfigText('{"mcpServers": {"__proto__": {"command": "x"}}}');
    expect(result.ok && Object.hasOwn(result.config.mcpServers, '__proto__')).toBe(true);
  });

  it('treats a file that is not JSON at all as a problem with the whole file', () => {
    expect(outcome('mcpServers: a')).toMatchObject({ file: { line: 1, column: 1 } });
  });

  it('treats a missing closing brace as a problem with the whole file', () => {
    const text = lines('{', '  "mcpServers": {', '    "a": { "command": "x" }', '');
    expect(outcome(text)).toMatchObject({ file: { message: /closing \}/ } });
  });

  it('treats a trailing comma outside the servers as a problem with the whole file', () => {
    expect(outcome('{\n  "mcpServers": {},\n}')).toMatchObject({ file: { line: 2, column: 19 } });
  });

  it('treats a wrong setting outside the servers as a problem with the whole file', () => {
    expect(outcome('{"mcpServers": {"a": {"command": "x"}}, "models": 5}')).toMatchObject({
      file: { field: 'models' },
    });
  });

  it('treats servers that are not an object as a problem with the whole file', () => {
    expect(outcome('{"mcpServers": []}')).toMatchObject({ file: { field: 'mcpServers' } });
  });
});
