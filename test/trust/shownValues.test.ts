// The approval dialog's words for environment and header values: references as references, never "(hidden)";
// literal secrets hidden; and "what changed" lines that say the same.
import { describe, expect, it } from 'vitest';
import { changeLines, launchView } from '../../src/main/trust/approvalRequests';
import { canonicalIdentity } from '../../src/main/trust/identity';
import { FROM_ELSEWHERE, shownOf, valueParts, valueWords } from '../../src/main/trust/shownValues';
import type { ServerEntry } from '../../src/shared/types';

/** `${kind:name}` as config.json writes it. */
const ref = (kind: string, name: string) => ['$', '{', kind, ':', name, '}'].join('');

const ASKED_ENV =
  'value of the environment variable CANARY_API_KEY — Switchboard will ask you for it, not read its own environment';
const ASKED_INPUT = 'value you will be asked for (input github.GITHUB_TOKEN)';

describe('what the approval dialog shows of a value', () => {
  it('names references in words and where their values will come from, never “hidden”', () => {
    const entry: ServerEntry = {
      url: 'https://example.com/mcp',
      headers: {
        'X-Trace': ref('env', 'CANARY_API_KEY'),
        Authorization: `Bearer ${ref('input', 'github.GITHUB_TOKEN')}`,
        'X-Client-Version': 'sk-live-literal-secret',
        Accept: 'application/json',
      },
    };
    const launch = launchView(entry);
    expect(launch).toEqual({
      transport: 'auto',
      url: 'https://example.com/mcp',
      headers: [
        { name: 'X-Trace', value: ASKED_ENV },
        { name: 'Authorization', value: `"Bearer " + ${ASKED_INPUT}` },
        { name: 'X-Client-Version', value: '•••••• (hidden)' },
        { name: 'Accept', value: '"application/json"' },
      ],
    });
    expect(JSON.stringify(launch)).not.toContain('sk-live');
  });

  it('says so when a value is already kept for the server, and how the person’s own entries are filled', () => {
    const parts = valueParts(`${ref('env', 'CANARY_API_KEY')} ${ref('input', 'github.GITHUB_TOKEN')}`);
    expect(valueWords(parts, { from: 'outside', kept: (id) => id === 'github.GITHUB_TOKEN' })).toBe(
      `${ASKED_ENV} + " " + the value you saved for this server (input github.GITHUB_TOKEN)`,
    );
    expect(valueWords(parts, { from: 'outside', kept: () => true })).toMatch(
      /^the value you gave this server in place of the environment variable CANARY_API_KEY/,
    );
    expect(valueWords(parts, FROM_ELSEWHERE)).toBe(`${ASKED_ENV} + " " + ${ASKED_INPUT}`);
    expect(valueWords(valueParts(ref('env', 'HOME_DIR')), { from: 'own', kept: () => false })).toBe(
      "the value of Switchboard's environment variable HOME_DIR",
    );
  });

  it('hides literal text around a reference unless it is a scheme word', () => {
    expect(valueParts(`tok_9f8e7d${ref('env', 'X')}`)).toEqual([
      { kind: 'hidden' },
      { kind: 'env', name: 'X' },
    ]);
    expect(valueParts(`Token ${ref('input', 'a')}`)).toEqual([
      { kind: 'text', text: 'Token ' },
      { kind: 'input', id: 'a' },
    ]);
    expect(valueParts('plain literal')).toEqual([{ kind: 'hidden' }]);
  });
});

describe('what changed, with references', () => {
  const before: ServerEntry = { command: 'node', args: ['s.js'], env: { KEY: 'literal-old', TRACE: 'x' } };
  const after: ServerEntry = {
    command: 'node',
    args: ['s.js'],
    env: { KEY: 'literal-old', TRACE: ref('env', 'CANARY_API_KEY') },
  };

  it('shows a reference that replaced a value in words on the side that has it', () => {
    const { before: was, after: now } = changeLines(canonicalIdentity(before), canonicalIdentity(after), {
      before: new Map(),
      after: new Map(shownOf(after).map(([name, parts]) => [name, valueWords(parts, FROM_ELSEWHERE)])),
    });
    expect(was.split('\n')).toContain('env "TRACE": (value hidden, as approved)');
    expect(now.split('\n')).toContain(`env "TRACE": ${ASKED_ENV} (changed since approved)`);
    expect(now.split('\n')).toContain('env "KEY": (value hidden)');
    expect(`${was}${now}`).not.toContain('literal-old');
  });
});
