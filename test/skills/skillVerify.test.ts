// Verification of what a server sends for a skill: the bytes against size and digest, SKILL.md's frontmatter against the entry.
import { describe, expect, it } from 'vitest';
import { bytesOf, digestOf, fileProblem, frontmatterProblem } from '../../src/main/skills/skillVerify';
import type { SkillEntry } from '../../src/shared/skills';

const TEXT =
  '---\nname: refunds\ndescription: Process refunds\nmetadata:\n  version: "1.2"\n---\n\n# Refunds\n';
const URI = 'skill://refunds/SKILL.md';
const file = (bytes: Buffer) => ({ uri: URI, digest: digestOf(bytes), size: bytes.length });

describe('file verification', () => {
  const bytes = Buffer.from(TEXT, 'utf8');

  it('passes the bytes the entry describes', () => {
    expect(fileProblem(bytes, file(bytes))).toBeUndefined();
  });

  it('refuses other bytes of the same size by their digest, naming both digests', () => {
    const other = Buffer.from(TEXT.replace('Refunds', 'Refundz'), 'utf8');
    const problem = fileProblem(other, file(bytes));
    expect(problem).toContain(file(bytes).digest);
    expect(problem).toContain(digestOf(other));
  });

  it('refuses a read of another length before hashing it', () => {
    expect(fileProblem(Buffer.concat([bytes, Buffer.from('\n')]), file(bytes))).toMatch(/bytes, but .* says/);
  });

  it('hashes raw bytes: a text part as UTF-8, a blob part decoded', () => {
    const raw = Buffer.from([0, 255, 1, 2]);
    expect(bytesOf({ uri: URI, blob: raw.toString('base64') })).toEqual(raw);
    expect(bytesOf({ uri: URI, text: 'é' })).toEqual(Buffer.from([0xc3, 0xa9]));
    expect(digestOf(Buffer.from(''))).toBe(
      'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});

describe('frontmatter verification', () => {
  const entry = (frontmatter: SkillEntry['frontmatter']): SkillEntry => ({
    uri: URI,
    frontmatter,
    resources: 'dynamic',
  });
  const same = { name: 'refunds', description: 'Process refunds', metadata: { version: '1.2' } };

  it('passes a SKILL.md whose frontmatter is the entry’s, field by field', () => {
    expect(frontmatterProblem(TEXT, entry(same))).toBeUndefined();
  });

  it('names each field that differs, missing or added', () => {
    expect(frontmatterProblem(TEXT, entry({ ...same, description: 'Other' }))).toMatch(/"description"/);
    expect(frontmatterProblem(TEXT, entry({ ...same, 'allowed-tools': 'Bash' }))).toMatch(/"allowed-tools"/);
    expect(frontmatterProblem(TEXT, entry({ ...same, metadata: { version: 1.2 } }))).toMatch(/"metadata"/);
  });

  it('refuses a SKILL.md without frontmatter, or with YAML that is not fields', () => {
    expect(frontmatterProblem('# Refunds', entry(same))).toMatch(/does not begin with YAML/);
    expect(frontmatterProblem('---\n- a\n- b\n---\n', entry(same))).toMatch(/not a set of fields/);
    expect(frontmatterProblem('---\nname: [\n---\n', entry(same))).toMatch(/not valid YAML/);
  });
});
