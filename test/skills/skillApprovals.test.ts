// Skill approvals are bound to the files approved (every URI and digest): any change asks again, saying what changed.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestChange, SkillApprovals } from '../../src/main/consent/skillApprovals';
import type { SkillEntry } from '../../src/shared/skills';

const d = (c: string) => `sha256:${c.repeat(64)}`;
const SKILL = 'skill://acme/billing/refunds/SKILL.md';
const EMAIL = 'skill://acme/billing/refunds/examples/email.md';
const skill = { server: 'skills', identity: 'server-v2:abc', uri: SKILL };
const entry = (resources: SkillEntry['resources']): SkillEntry => ({
  uri: SKILL,
  frontmatter: { name: 'refunds', description: 'Process refunds' },
  resources,
});
const first = entry([
  { uri: SKILL, digest: d('a'), size: 1 },
  { uri: EMAIL, digest: d('b'), size: 2 },
]);

async function approvals(): Promise<{ store: SkillApprovals; path: string }> {
  const path = join(await mkdtemp(join(tmpdir(), 'switchboard-skills-')), 'skill-approvals.json');
  const store = new SkillApprovals(path);
  await store.load();
  return { store, path };
}

describe('skill approvals', () => {
  it('covers the files approved, and only for that server, identity and URI', async () => {
    const { store } = await approvals();
    expect(store.check(skill, first)).toEqual({ approval: 'not-approved' });
    await store.approve(skill, first);
    expect(store.check(skill, first)).toEqual({ approval: 'approved' });
    expect(store.check({ ...skill, identity: 'server-v2:other' }, first).approval).toBe('not-approved');
    expect(store.check({ ...skill, server: 'renamed' }, first).approval).toBe('not-approved');
  });

  it('asks again when a digest changed, a file was added or one was removed, saying which', async () => {
    const { store } = await approvals();
    await store.approve(skill, first);
    const rotated = entry([
      { uri: SKILL, digest: d('a'), size: 1 },
      { uri: EMAIL, digest: d('c'), size: 2 },
      { uri: 'skill://acme/billing/refunds/new.md', digest: d('d'), size: 3 },
    ]);
    expect(store.check(skill, rotated)).toEqual({
      approval: 'changed',
      changed: { added: ['skill://acme/billing/refunds/new.md'], removed: [], changed: [EMAIL] },
    });
    expect(store.check(skill, entry([{ uri: SKILL, digest: d('a'), size: 1 }])).changed?.removed).toEqual([
      EMAIL,
    ]);
  });

  it('never stands for a dynamic skill, and refuses to approve one for later', async () => {
    const { store } = await approvals();
    await store.approve(skill, first);
    expect(store.check(skill, entry('dynamic'))).toEqual({ approval: 'dynamic' });
    await expect(store.approve(skill, entry('dynamic'))).rejects.toThrow(/one use at a time/);
  });

  it('is kept on disk, owner-only, and forgotten with its server', async () => {
    const { store, path } = await approvals();
    await store.approve(skill, first);
    const again = new SkillApprovals(path);
    await again.load();
    expect(again.check(skill, first).approval).toBe('approved');
    expect(JSON.parse(await readFile(path, 'utf8')).approvals[0].files).toHaveLength(2);
    await again.forgetServer('skills');
    expect(again.check(skill, first).approval).toBe('not-approved');
  });

  it('compares manifests as sets of URI and digest', () => {
    const files = first.resources as Exclude<SkillEntry['resources'], 'dynamic'>;
    expect(manifestChange(files, [...files].reverse())).toBeUndefined();
  });
});
