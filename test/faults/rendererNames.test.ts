// The renderer's store keeps servers named like Object.prototype members apart from the prototype itself.
import { describe, expect, it } from 'vitest';
import {
  type FieldValue,
  initialValues,
  validateValues,
  valuesToArguments,
} from '../../src/renderer/src/components/schemaFields';
import { serverRoots } from '../../src/renderer/src/features/roots/sharing';
import { actions, useAppStore } from '../../src/renderer/src/store/store';
import { ownValue, withName } from '../../src/shared/nameRecord';
import type { ServerView } from '../../src/shared/types';

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

function view(name: string, state: ServerView['state'] = { kind: 'running', since: 1 }): ServerView {
  return {
    name,
    entry: { command: 'node' },
    transport: 'stdio',
    state,
    tools: [],
    prompts: [],
    resources: [],
    resourceTemplates: [],
  };
}

const state = () => useAppStore.getState();

describe('the renderer store with servers named like prototype members', () => {
  it('lists, changes and removes them, and a removed name reads as absent', () => {
    actions.serversListed(NAMES.map((name) => view(name)));
    expect(Object.keys(state().servers)).toEqual(NAMES);
    for (const name of NAMES) expect(ownValue(state().servers, name)?.name).toBe(name);

    actions.serverChanged(view('__proto__', { kind: 'restarting', attempt: 2 }));
    expect(ownValue(state().servers, '__proto__')?.state).toEqual({ kind: 'restarting', attempt: 2 });
    actions.logsFilled('constructor', [{ seq: 1, time: 1, source: 'host', level: 'info', text: 'hello' }]);
    actions.wireFilled('toString', [{ seq: 1, time: 1, direction: 'out', message: { jsonrpc: '2.0' } }]);
    expect(ownValue(state().logs, 'constructor')?.map((entry) => entry.text)).toEqual(['hello']);

    for (const name of NAMES) actions.serverRemoved(name);
    expect(Object.keys(state().servers)).toEqual([]);
    for (const name of NAMES) {
      expect(ownValue(state().servers, name)).toBeUndefined();
      expect(ownValue(state().logs, name)).toBeUndefined();
      expect(ownValue(state().wire, name)).toBeUndefined();
      // What a view would read if it indexed the record directly.
      expect(state().servers[name]).toBeUndefined();
      expect(state().logs[name]).toBeUndefined();
    }
  });

  it('adds a server called __proto__ as a server, not as the record’s prototype', () => {
    actions.serversListed([]);
    actions.serverChanged(view('__proto__'));
    expect(Object.keys(state().servers)).toEqual(['__proto__']);
    expect(state().servers.constructor).toBeUndefined();
    actions.serverRemoved('__proto__');
    expect(Object.keys(state().servers)).toEqual([]);
  });

  it('reads roots sharing and form fields by own names only', () => {
    const roots = JSON.parse(
      '{"roots": [], "servers": {"__proto__": {"mode": "subset", "uris": [], "confirmed": true}}}',
    );
    expect(serverRoots(roots, '__proto__')).toEqual({ mode: 'subset', uris: [], confirmed: true });
    expect(serverRoots(roots, 'constructor')).toEqual({ mode: 'all', uris: [], confirmed: false });

    const schema = {
      type: 'object',
      properties: { constructor: { type: 'string' }, toString: { type: 'number' } },
      required: ['constructor'],
    };
    const empty = initialValues(schema);
    expect(validateValues(schema, empty)).toEqual({ constructor: 'constructor is required.' });
    const values = withName<FieldValue>(withName<FieldValue>(empty, 'constructor', 'x'), 'toString', '3');
    expect(valuesToArguments(schema, values)).toEqual({ constructor: 'x', toString: 3 });
    expect(Object.keys(validateValues(schema, values))).toEqual([]);
  });
});
