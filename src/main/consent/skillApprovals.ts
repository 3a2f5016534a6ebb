// The skills the person approved, each bound to its files as they were (every URI and digest): other files ask again.
import { z } from 'zod';
import type { ManifestChange, SkillApprovalState, SkillEntry, SkillFile } from '../../shared/skills';
import { Emitter, toCaller } from '../emitter';
import { HostFault } from '../errors';
import { type SkillIdentity, skillKey } from '../skills/skillKey';
import { JsonSettingsStore } from '../storage/jsonSettingsStore';

const fileSchema = z.object({ uri: z.string(), digest: z.string(), size: z.number() });
const approvalSchema = z.object({
  server: z.string(),
  identity: z.string(),
  uri: z.string(),
  files: z.array(fileSchema),
  approvedAt: z.number(),
});
const storeSchema = z.object({ version: z.literal(1), approvals: z.array(approvalSchema) });
type StoredApproval = z.infer<typeof approvalSchema>;

/** What the person's approval says of a skill as its entry is now, and what changed when it was for other files. */
export type ApprovalCheck = { approval: SkillApprovalState; changed?: ManifestChange };

/** How `after`'s files differ from `before`'s by URI and digest; undefined when they are the same set. */
export function manifestChange(
  before: readonly SkillFile[],
  after: readonly SkillFile[],
): ManifestChange | undefined {
  const was = new Map(before.map((file) => [file.uri, file.digest]));
  const now = new Map(after.map((file) => [file.uri, file.digest]));
  const added = [...now.keys()].filter((uri) => !was.has(uri)).sort();
  const removed = [...was.keys()].filter((uri) => !now.has(uri)).sort();
  const changed = [...now]
    .filter(([uri, digest]) => was.has(uri) && was.get(uri) !== digest)
    .map(([uri]) => uri);
  if (added.length + removed.length + changed.length === 0) return undefined;
  return { added, removed, changed: changed.sort() };
}

/** Approvals per skill (server name, identity and URI), in a JSON file only its owner can read. */
export class SkillApprovals {
  private approvals = new Map<string, StoredApproval>();
  private readonly file: JsonSettingsStore<z.infer<typeof storeSchema>>;
  /** A failing listener fails the change that told it. */
  private readonly changes = new Emitter<void>(toCaller);

  constructor(path: string, onProblem?: (message: string) => void) {
    this.file = new JsonSettingsStore(path, {
      schema: storeSchema,
      onProblem,
      words: {
        unreadable: (why) => `Could not read your approved skills (${why}). Every skill will ask again.`,
        damaged: (kept) => `Your approved skills file was damaged, so every skill will ask again. ${kept}`,
      },
    });
  }

  async load(): Promise<void> {
    const stored = await this.file.load();
    this.approvals = new Map((stored?.approvals ?? []).map((approval) => [skillKey(approval), approval]));
  }

  /**
   * Where the person stands on `skill` as `entry` describes it now: approved only for exactly these files
   * (URIs and digests); a dynamic skill is never approved beyond one use.
   */
  check(skill: SkillIdentity, entry: SkillEntry): ApprovalCheck {
    if (entry.resources === 'dynamic') return { approval: 'dynamic' };
    const approved = this.approvals.get(skillKey(skill));
    if (!approved) return { approval: 'not-approved' };
    const changed = manifestChange(approved.files, entry.resources);
    return changed ? { approval: 'changed', changed } : { approval: 'approved' };
  }

  /** Approves `skill` for the files `entry` lists now; a dynamic skill cannot be approved for later uses. */
  async approve(skill: SkillIdentity, entry: SkillEntry): Promise<void> {
    if (entry.resources === 'dynamic') {
      throw new HostFault('invalid_input', { id: 'host.consent.skillGenerated', values: { uri: entry.uri } });
    }
    const { server, identity, uri } = skill;
    const files = entry.resources.map(({ uri, digest, size }) => ({ uri, digest, size }));
    this.approvals.set(skillKey(skill), { server, identity, uri, files, approvedAt: Date.now() });
    await this.save();
  }

  /** Takes the approval of `skill` back. */
  async revoke(skill: SkillIdentity): Promise<void> {
    if (this.approvals.delete(skillKey(skill))) await this.save();
  }

  /** Forgets the approvals of the server named `server` (it left the config). */
  async forgetServer(server: string): Promise<void> {
    const before = this.approvals.size;
    for (const [key, approval] of this.approvals) if (approval.server === server) this.approvals.delete(key);
    if (this.approvals.size !== before) await this.save();
  }

  onDidChange(listener: () => void): () => void {
    return this.changes.on(listener);
  }

  private async save(): Promise<void> {
    const saved = this.file.save({ version: 1, approvals: [...this.approvals.values()] });
    this.changes.emit();
    await saved;
  }
}
