// Tool names for the model: round trip, sanitising, collisions, the 64-character bound and determinism.
import { describe, expect, it } from 'vitest';
import { namespaceTools, routeToolName, type ToolRef } from '../src/main/servers/catalogue/naming';
import { hostToolName, isHostToolName } from '../src/shared/hostToolNames';

const VALID = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

function nameOf(names: Map<string, ToolRef>, ref: ToolRef): string {
  const found = [...names].find(([, value]) => value.server === ref.server && value.tool === ref.tool);
  if (!found) throw new Error(`no name for ${ref.server}/${ref.tool}`);
  return found[0];
}

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('namespaceTools', () => {
  it('names tools server__tool and routes every name back', () => {
    const refs = [
      { server: 'files', tool: 'read_file' },
      { server: 'files', tool: 'write-file' },
      { server: 'web', tool: 'fetch' },
    ];
    const names = namespaceTools(refs);
    expect([...names.keys()].sort()).toEqual(['files__read_file', 'files__write-file', 'web__fetch']);
    for (const ref of refs) expect(routeToolName(names, nameOf(names, ref))).toEqual(ref);
  });

  it('returns the refs it was given, extra fields and all', () => {
    const ref = { server: 's', tool: 't', description: 'd' };
    expect(routeToolName(namespaceTools([ref]), 's__t')).toBe(ref);
  });

  it('sanitises spaces, dots, unicode and inner double underscores', () => {
    const refs = [
      { server: 'my server', tool: 'get.thing' },
      { server: 'café', tool: 'naïve tool 🚀' },
      { server: 'a__b', tool: 'c___d' },
      { server: '_edge_', tool: '🚀' },
    ];
    const names = namespaceTools(refs);
    expect(nameOf(names, refs[0]!)).toBe('my_server__get_thing');
    expect(nameOf(names, refs[1]!)).toBe('caf__na_ve_tool');
    expect(nameOf(names, refs[2]!)).toBe('a_b__c_d');
    expect(nameOf(names, refs[3]!)).toBe('edge__x');
    for (const name of names.keys()) expect(name.split('__')).toHaveLength(2);
    for (const name of names.keys()) expect(name).toMatch(VALID);
  });

  it('starts every name with a letter or underscore', () => {
    const names = namespaceTools([
      { server: '1password', tool: 'get' },
      { server: '-x', tool: 'y' },
    ]);
    expect([...names.keys()].sort()).toEqual(['_-x__y', '_1password__get']);
  });

  it('gives distinct names to refs that sanitise alike, keeping the plain name for the clean one', () => {
    const refs = [
      { server: 'a b', tool: 't' },
      { server: 'a_b', tool: 't' },
      { server: 'srv', tool: 'x.y' },
      { server: 'srv', tool: 'x_y' },
    ];
    const names = namespaceTools(refs);
    expect(names.size).toBe(4);
    expect(nameOf(names, { server: 'a_b', tool: 't' })).toBe('a_b__t');
    expect(nameOf(names, { server: 'srv', tool: 'x_y' })).toBe('srv__x_y');
    expect(nameOf(names, { server: 'a b', tool: 't' })).toMatch(/^a_b__t_[0-9a-f]{8}$/);
    expect(nameOf(names, { server: 'srv', tool: 'x.y' })).toMatch(/^srv__x_y_[0-9a-f]{8}$/);
    for (const ref of refs) expect(routeToolName(names, nameOf(names, ref))).toEqual(ref);
  });

  it('keeps names within 64 characters, with a stable hash for long ones', () => {
    const long = 'x'.repeat(80);
    const refs = [
      { server: 'server', tool: long },
      { server: 'server', tool: `${long}2` },
      { server: 'y'.repeat(64), tool: 'z'.repeat(64) },
    ];
    const names = namespaceTools(refs);
    expect(names.size).toBe(3);
    for (const name of names.keys()) {
      expect(name.length).toBeLessThanOrEqual(64);
      expect(name).toMatch(VALID);
    }
    expect(nameOf(names, refs[0]!)).toMatch(/^server__x+_[0-9a-f]{8}$/);
    expect(nameOf(namespaceTools([refs[0]!]), refs[0]!)).toBe(nameOf(names, refs[0]!));
  });

  it('gives the same names to the same set in any order', () => {
    const refs = [
      { server: 'a b', tool: 't' },
      { server: 'a_b', tool: 't' },
      { server: 'a.b', tool: 't' },
      { server: 'srv', tool: 'x.y' },
      { server: 'srv', tool: 'x_y' },
      { server: 'srv', tool: 'x y' },
      { server: 'long', tool: 'q'.repeat(100) },
      { server: 'long', tool: `${'q'.repeat(100)}!` },
    ];
    const expected = [...namespaceTools(refs)]
      .map(([name, ref]) => `${name}=${ref.server}/${ref.tool}`)
      .sort();
    expect(new Set(expected.map((line) => line.split('=')[0])).size).toBe(refs.length);
    for (let seed = 1; seed <= 20; seed++) {
      const names = namespaceTools(shuffled(refs, seed));
      expect([...names].map(([name, ref]) => `${name}=${ref.server}/${ref.tool}`).sort()).toEqual(expected);
    }
  });

  it('names a ref listed twice once', () => {
    expect(
      namespaceTools([
        { server: 's', tool: 't' },
        { server: 's', tool: 't' },
      ]).size,
    ).toBe(1);
  });
});

describe('routeToolName', () => {
  it('answers undefined for a name it did not give', () => {
    const names = namespaceTools([{ server: 's', tool: 't' }]);
    expect(routeToolName(names, 's__u')).toBeUndefined();
    expect(routeToolName(names, '')).toBeUndefined();
    expect(routeToolName(names, 'constructor')).toBeUndefined();
  });
});

describe("the host's namespace", () => {
  it('never gives a server’s tool a name in it, whatever the server is called', () => {
    const refs = [
      'switchboard',
      'Switchboard',
      'SWITCHBOARD',
      'switchboard_',
      '_switchboard',
      'switchboard!',
    ].map((server) => ({ server, tool: 'search_tools' }));
    const names = namespaceTools([...refs, { server: 'switchboard_server', tool: 'search_tools' }]);
    expect(names.size).toBe(refs.length + 1);
    for (const name of names.keys()) {
      expect(isHostToolName(name)).toBe(false);
      expect(name.toLowerCase().startsWith('switchboard__')).toBe(false);
      expect(name).toMatch(VALID);
    }
    expect(routeToolName(names, 'switchboard_server__search_tools')).toEqual({
      server: 'switchboard_server',
      tool: 'search_tools',
    });
    expect(routeToolName(names, hostToolName('search_tools'))).toBeUndefined();
  });

  it('leaves servers whose names only start like it alone', () => {
    expect([...namespaceTools([{ server: 'switchboards', tool: 'x' }]).keys()]).toEqual(['switchboards__x']);
  });
});
