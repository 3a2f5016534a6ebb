// Names are labels: same-named skills are told apart by their paths, per server, and none is dropped or preferred.
import { describe, expect, it } from 'vitest';
import { skillKey } from '../../src/main/skills/skillKey';
import { enclosing, labelsIn, sameNameOn } from '../../src/main/skills/skillNames';

const billing = { server: 'skills', uri: 'skill://acme/billing/refunds/SKILL.md', name: 'refunds' };
const support = { server: 'skills', uri: 'skill://acme/support/refunds/SKILL.md', name: 'refunds' };
const partial = { server: 'skills', uri: 'skill://acme/billing/refunds/partial/SKILL.md', name: 'partial' };

describe('labels within one server', () => {
  it('gives a unique name as it is, and same names the path segments that tell them apart', () => {
    const labels = labelsIn([billing, support, partial]);
    expect(labels.get(billing.uri)).toBe('billing/refunds');
    expect(labels.get(support.uri)).toBe('support/refunds');
    expect(labels.get(partial.uri)).toBe('partial');
  });

  it('falls back to the whole URI where the paths are the same under two schemes', () => {
    const other = { ...billing, uri: 'repo://acme/billing/refunds/SKILL.md' };
    const labels = labelsIn([billing, other]);
    expect(labels.get(billing.uri)).toBe(billing.uri);
    expect(labels.get(other.uri)).toBe(other.uri);
  });

  it('tells a nested skill of the same name from the one it sits in', () => {
    const nested = { ...billing, uri: 'skill://acme/billing/refunds/refunds/SKILL.md' };
    const labels = labelsIn([billing, nested]);
    expect(labels.get(billing.uri)).toBe('billing/refunds');
    expect(labels.get(nested.uri)).toBe('refunds/refunds');
    expect(enclosing(nested, [billing, nested])).toBe(billing);
    expect(enclosing(partial, [billing, support, partial])).toBe(billing);
    expect(enclosing(billing, [billing, support, partial])).toBeUndefined();
  });
});

describe('across servers', () => {
  it('names the other servers with a skill of the same name', () => {
    const elsewhere = { ...billing, server: 'helpdesk' };
    expect(sameNameOn(billing, [billing, support, elsewhere])).toEqual(['helpdesk']);
    expect(sameNameOn(partial, [billing, support, elsewhere])).toEqual([]);
  });

  it('keys a skill by server, identity and URI together', () => {
    const key = skillKey({ server: 'skills', identity: 'id-1', uri: billing.uri });
    expect(skillKey({ server: 'other', identity: 'id-1', uri: billing.uri })).not.toBe(key);
    expect(skillKey({ server: 'skills', identity: 'id-2', uri: billing.uri })).not.toBe(key);
    expect(skillKey({ server: 'skills', identity: 'id-1', uri: support.uri })).not.toBe(key);
    expect(skillKey({ server: 'skills', identity: 'id-1', uri: billing.uri })).toBe(key);
  });
});
