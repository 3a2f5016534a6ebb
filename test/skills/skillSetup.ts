// The fixture server of the Skills extension as one or more servers over a copy of its skill folders, with the skills
// room over them and a person who answers its questions as the test says.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { SkillApprovals } from '../../src/main/consent/skillApprovals';
import { SkillConsent } from '../../src/main/consent/skillConsent';
import { CatalogueCache } from '../../src/main/servers/catalogue/catalogueCache';
import { ServerManager } from '../../src/main/servers/manager';
import { SkillFiles } from '../../src/main/skills/skillFiles';
import { SkillRoom } from '../../src/main/skills/skillRoom';
import type { SkillAnswer, SkillApprovalRequest } from '../../src/shared/skills';
import { fixtureEntry } from '../helpers';

export const BILLING = 'skill://acme/billing/refunds/SKILL.md';
export const EMAIL = 'skill://acme/billing/refunds/examples/email.md';
export const SUPPORT = 'skill://acme/support/refunds/SKILL.md';
export const PARTIAL = 'skill://acme/billing/refunds/partial/SKILL.md';
export const TAMPERED = 'skill://tampered/SKILL.md';
export const DAILY = 'skill://reports/daily/SKILL.md';
export const HIDDEN = 'skill://hidden/onboarding/SKILL.md';
const TREE = fileURLToPath(new URL('../fixtures/skills', import.meta.url));

export type Setup = {
  dir: string;
  tree: string;
  servers: ServerManager;
  approvals: SkillApprovals;
  files: SkillFiles;
  room: SkillRoom;
  asked: SkillApprovalRequest[];
  answer: (reply: (request: SkillApprovalRequest) => SkillAnswer) => void;
  /** Answers the person gave that the host refused. */
  refused: unknown[];
  consent: SkillConsent;
  sent: (server: string, method: string) => number;
};

const open: Setup[] = [];

afterEach(async () => {
  for (const setup of open.splice(0)) {
    await setup.servers.shutdown();
    await rm(setup.dir, { recursive: true, force: true });
  }
});

/** The fixture as `names` (each its own server over one copy of the skill folders), and the room over them. */
export async function setUp(env: Record<string, string> = {}, names = ['skills']): Promise<Setup> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-skills-'));
  const tree = join(dir, 'tree');
  await cp(TREE, tree, { recursive: true });
  const servers = new ServerManager(
    { catalogueCache: new CatalogueCache(join(dir, 'catalogues')) },
    { changed: () => {}, removed: () => {}, log: () => {}, wire: () => {}, resourceUpdated: () => {} },
  );
  const entry = (name: string) =>
    fixtureEntry('skills.mjs', { env: { SKILLS_DIR: tree, FOR: name, ...env } });
  await servers.apply(Object.fromEntries(names.map((name) => [name, entry(name)])));
  const approvals = new SkillApprovals(join(dir, 'skill-approvals.json'));
  await approvals.load();
  const asked: SkillApprovalRequest[] = [];
  const refused: unknown[] = [];
  let reply: (request: SkillApprovalRequest) => SkillAnswer = () => 'deny';
  const consent: SkillConsent = new SkillConsent(approvals, {
    requested: (request) => {
      asked.push(request);
      consent.answer(request.id, reply(request)).catch((error: unknown) => refused.push(error));
    },
    settled: () => {},
  });
  const files = new SkillFiles(join(dir, 'skills'));
  const room = new SkillRoom({ servers, approvals, consent, files });
  const sent = (server: string, method: string) =>
    servers
      .get(server)
      .wire()
      .filter(
        (frame) => frame.direction === 'out' && (frame.message as { method?: string }).method === method,
      ).length;
  const answer = (next: typeof reply) => {
    reply = next;
  };
  const setup = { dir, tree, servers, approvals, files, room, asked, answer, refused, consent, sent };
  open.push(setup);
  return setup;
}

/** A load or read the model asks for in conversation `conversationId`. */
export const run = (conversationId = 'c1') => ({ conversationId, by: 'model' as const });
