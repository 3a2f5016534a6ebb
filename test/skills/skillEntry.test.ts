// Skill entries against the extension's rules: a skill is its URI (never its name), and a broken entry is never loaded.
import { describe, expect, it } from 'vitest';
import {
  checkEntry,
  isInSkill,
  MAX_SKILL_BYTES,
  MAX_SKILL_FILES,
  resolveInSkill,
  skillPath,
  skillRoot,
} from '../../src/main/skills/skillEntry';

const DIGEST = `sha256:${'a'.repeat(64)}`;
const SKILL = 'skill://acme/billing/refunds/SKILL.md';

function entry(overrides: Record<string, unknown> = {}) {
  return {
    uri: SKILL,
    frontmatter: { name: 'refunds', description: 'Process refunds', license: 'MIT' },
    resources: [
      { uri: SKILL, digest: DIGEST, size: 10 },
      { uri: 'skill://acme/billing/refunds/examples/email.md', digest: DIGEST, size: 5 },
    ],
    ...overrides,
  };
}

const problemOf = (raw: unknown) => {
  const checked = checkEntry(raw);
  return 'problem' in checked ? checked.problem : undefined;
};

describe('a skill entry', () => {
  it('keeps a valid entry whole, every frontmatter field included', () => {
    const checked = checkEntry(entry({ extra: true }));
    expect(checked).toEqual({
      entry: {
        uri: SKILL,
        frontmatter: { name: 'refunds', description: 'Process refunds', license: 'MIT' },
        resources: entry().resources,
      },
    });
  });

  it('takes "dynamic" for a generated skill, and nothing else but a list', () => {
    expect(problemOf(entry({ resources: 'dynamic' }))).toBeUndefined();
    expect(problemOf(entry({ resources: undefined }))).toMatch(/no list of its files/);
    expect(problemOf(entry({ resources: 'static' }))).toMatch(/form the extension does not define/);
    expect(problemOf(entry({ resources: {} }))).toMatch(/form the extension does not define/);
  });

  it('refuses a name that is not the last segment of the path, or breaks the naming rules', () => {
    expect(problemOf(entry({ frontmatter: { name: 'refund', description: 'x' } }))).toMatch(
      /not the last segment/,
    );
    const upper = { uri: 'skill://Refunds/SKILL.md', frontmatter: { name: 'Refunds', description: 'x' } };
    expect(problemOf(entry({ ...upper, resources: 'dynamic' }))).toMatch(/Agent Skills rules/);
    expect(problemOf(entry({ frontmatter: { description: 'x' } }))).toMatch(/no name/);
    expect(problemOf(entry({ frontmatter: { name: 'refunds', description: ' ' } }))).toMatch(
      /no description/,
    );
  });

  it('refuses a URI without an explicit SKILL.md, without a path, or with dot segments', () => {
    expect(problemOf(entry({ uri: 'skill://acme/refunds' }))).toMatch(/SKILL\.md|skill URI/);
    expect(problemOf(entry({ uri: 'skill:///SKILL.md', resources: 'dynamic' }))).toBeDefined();
    expect(problemOf(entry({ uri: 'skill://acme/../refunds/SKILL.md', resources: 'dynamic' }))).toMatch(
      /segment/,
    );
  });

  it('requires the manifest to list SKILL.md, each file once, each inside the skill folder', () => {
    expect(problemOf(entry({ resources: [entry().resources[1]] }))).toMatch(/does not include the SKILL\.md/);
    expect(problemOf(entry({ resources: [...entry().resources, entry().resources[1]] }))).toMatch(/twice/);
    const outside = { uri: 'skill://acme/billing/other/x.md', digest: DIGEST, size: 1 };
    expect(problemOf(entry({ resources: [...entry().resources, outside] }))).toMatch(/outside/);
    const climbing = { uri: 'skill://acme/billing/refunds/../secrets.md', digest: DIGEST, size: 1 };
    expect(problemOf(entry({ resources: [...entry().resources, climbing] }))).toMatch(/outside/);
    const badDigest = { uri: SKILL, digest: 'sha256:ABC', size: 1 };
    expect(problemOf(entry({ resources: [badDigest] }))).toMatch(/not sha256/);
  });

  it('loads skills up to the limits and refuses larger ones, from the entry alone', () => {
    const files = (count: number, size: number) => [
      { uri: SKILL, digest: DIGEST, size },
      ...Array.from({ length: count - 1 }, (_, i) => ({
        uri: `skill://acme/billing/refunds/f${i}.md`,
        digest: DIGEST,
        size: 0,
      })),
    ];
    expect(problemOf(entry({ resources: files(MAX_SKILL_FILES, MAX_SKILL_BYTES) }))).toBeUndefined();
    expect(problemOf(entry({ resources: files(MAX_SKILL_FILES + 1, 1) }))).toMatch(/513 files/);
    expect(problemOf(entry({ resources: files(2, MAX_SKILL_BYTES + 1) }))).toMatch(/16 MiB/);
  });
});

describe('skill paths', () => {
  it('reads the root and path of any scheme, and what lies inside', () => {
    expect(skillRoot(SKILL)).toBe('skill://acme/billing/refunds');
    expect(skillPath(SKILL)).toBe('acme/billing/refunds');
    expect(skillPath('github://owner/repo/skills/refunds/SKILL.md')).toBe('owner/repo/skills/refunds');
    expect(isInSkill(SKILL, 'skill://acme/billing/refunds/partial/SKILL.md')).toBe(true);
    expect(isInSkill(SKILL, 'skill://acme/billing/refunds-old/SKILL.md')).toBe(false);
    expect(isInSkill(SKILL, 'skill://acme/billing/refunds/%2e%2e/x')).toBe(false);
  });

  it('resolves a reference in a skill against its own folder, never out of it', () => {
    expect(resolveInSkill(SKILL, 'examples/email.md')).toBe('skill://acme/billing/refunds/examples/email.md');
    expect(resolveInSkill(SKILL, './examples/email.md')).toBe(
      'skill://acme/billing/refunds/examples/email.md',
    );
    const nested = 'skill://acme/billing/refunds/partial/SKILL.md';
    expect(resolveInSkill(nested, 'notes.md')).toBe('skill://acme/billing/refunds/partial/notes.md');
    expect(resolveInSkill(SKILL, '../support/refunds/SKILL.md')).toBeUndefined();
    expect(resolveInSkill(SKILL, 'skill://elsewhere/SKILL.md')).toBeUndefined();
  });
});
