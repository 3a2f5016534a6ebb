// Skills served over MCP: loads the person approved, every file verified, and what each conversation acts on.
import { stripTags } from '../../shared/flow';
import type { ContextItem } from '../../shared/resources';
import { type SkillView, skillsSupport } from '../../shared/skills';
import type { ServerView } from '../../shared/types';
import type { SkillApprovals } from '../consent/skillApprovals';
import type { SkillConsent } from '../consent/skillConsent';
import { HostFault } from '../errors';
import type { FlowRoom } from '../flow/flowRoom';
import { readDirectory, readSkillFile } from '../servers/catalogue/skills';
import { isInSkill, MAX_SKILL_BYTES, resolveInSkill } from './skillEntry';
import type { SkillFiles } from './skillFiles';
import { type SkillRef, skillKey } from './skillKey';
import { otherFiles, readVerified, type SkillSource, textOf, VerificationFailure } from './skillReads';
import {
  type Registered,
  refusal,
  SkillRegistry,
  type SkillServers,
  type Usable,
  usable,
} from './skillRegistry';
import { bytesOf, frontmatterProblem } from './skillVerify';

export type SkillRoomDeps = {
  servers: SkillServers;
  approvals: SkillApprovals;
  consent: SkillConsent;
  files: SkillFiles;
  /** Marks the conversation that took a skill's text in, as content from its server. */
  flow?: Pick<FlowRoom, 'recordContext'>;
  /** Hears the registry whenever what the person sees of it changed. */
  changed?: (skills: SkillView[]) => void;
};

/** Who asked for a load: the model (the person is asked unless they approved the skill) or the person. */
export type LoadRun = { conversationId: string; signal?: AbortSignal; by: 'model' | 'person' };

/** A loaded skill: as shown, SKILL.md's text for the model, and the files it may read next. */
export type Loaded = { skill: SkillView; text: string; files: { uri: string; size?: number }[] };

/** An entry a conversation acts on, as it was loaded: its files are read against it alone. */
type Held = Usable & { retrieved: number };

export class SkillRoom {
  private readonly registry: SkillRegistry;
  private readonly held = new Map<string, Map<string, Held>>();
  private shown = '';

  constructor(private readonly deps: SkillRoomDeps) {
    this.registry = new SkillRegistry(deps.servers, deps.approvals);
    deps.approvals.onDidChange(() => this.refresh());
  }

  /** Every server's skills, each in its server's namespace. */
  views(): SkillView[] {
    return this.registry.all().map((item) => item.view);
  }

  /** Tells the renderer when what it shows of skills changed (a server's listing, an approval). */
  refresh(): void {
    const views = this.views();
    const text = JSON.stringify(views);
    if (text === this.shown) return;
    this.shown = text;
    this.deps.changed?.(views);
  }

  /** Approved skills of `servers` that may be loaded, for the model's system prompt. */
  offered(servers: readonly string[]): SkillView[] {
    const allowed = new Set(servers);
    return this.views().filter(
      (view) => allowed.has(view.server) && view.approval === 'approved' && !view.problem,
    );
  }

  /** Whether any of `servers` declares the extension (the host's skill tools are offered then). */
  servesSkills(servers: readonly ServerView[]): boolean {
    return servers.some((view) => skillsSupport(view.capabilities).skills);
  }

  /** Confirms a URI named in instructions, another skill or by the person with `skills/get`, and registers it. */
  async lookUp(ref: SkillRef): Promise<SkillView> {
    const found = await this.registry.fetch(ref);
    this.refresh();
    return found.view;
  }

  /** The person approves a skill as its entry is now, from the Skills tab. */
  async approve(ref: SkillRef): Promise<void> {
    const item = usable(await this.registry.find(ref));
    await this.deps.approvals.approve(item.identity, item.entry);
  }

  async revoke(ref: SkillRef): Promise<void> {
    const item = this.registry.known(ref);
    if (!item)
      throw new HostFault('not_found', {
        id: 'host.skills.unknownSkill',
        values: { server: ref.server, uri: ref.uri },
      });
    await this.deps.approvals.revoke(item.identity);
  }

  /** One file of a skill for the person to read before anything is loaded, verified like any read. */
  async inspect(ref: SkillRef, file: string): Promise<string> {
    const item = usable(await this.registry.find(ref));
    return textOf(await this.readHeldFile({ ...item, retrieved: 0 }, file));
  }

  /** The skills the person attached to a message, loaded and verified into it (the person's choice is their approval). */
  async attach(conversationId: string, context: readonly ContextItem[]): Promise<ContextItem[]> {
    const out: ContextItem[] = [];
    for (const item of context) {
      if (item.kind !== 'skill') {
        out.push(item);
        continue;
      }
      const { skill, text, files } = await this.load(item, { conversationId, by: 'person' });
      out.push({ kind: 'skill', server: skill.server, uri: skill.uri, label: skill.label, text, files });
    }
    return out;
  }

  /**
   * Loads a skill into a conversation: approved (or asked), SKILL.md read and verified against the
   * entry, its frontmatter compared field by field. A failed check fetches the entry again once: the
   * same entry refuses the skill with the reason; a new one is asked about again, then read again.
   */
  async load(ref: SkillRef, run: LoadRun): Promise<Loaded> {
    let item = usable(await this.registry.find(ref));
    await this.allow(item, run);
    let text: string;
    try {
      text = await this.readSkillMd(item);
    } catch (error) {
      if (!(error instanceof VerificationFailure)) throw error;
      item = await this.refetched(item, error);
      await this.allow(item, { ...run, by: 'model' });
      text = await this.readSkillMd(item);
    }
    const held: Held = { ...item, retrieved: Buffer.byteLength(text) };
    if (run.conversationId) this.heldIn(run.conversationId).set(skillKey(item.identity), held);
    if (run.by === 'model') await this.took(run.conversationId, item, text);
    return { skill: item.view, text: stripTags(text).text, files: await this.filesOf(held) };
  }

  /**
   * A file of a skill the conversation acts on, verified against the entry it was loaded from. A file
   * that entry does not list is read only if a fresh entry lists it, after the person approves the change.
   */
  async readFile(
    server: string,
    reference: string,
    run: LoadRun,
  ): Promise<{ skill: SkillView; text: string }> {
    const uri = this.resolve(run.conversationId, server, reference);
    let held = this.holding(run.conversationId, server, uri);
    let bytes: Buffer;
    try {
      bytes = await this.readHeldFile(held, uri);
    } catch (error) {
      if (!(error instanceof VerificationFailure) || held.entry.resources === 'dynamic') throw error;
      const fresh = await this.refetched(held, error);
      if (fresh.entry.resources === 'dynamic' || !fresh.entry.resources.some((file) => file.uri === uri))
        throw new VerificationFailure(refusal(held, error.message));
      await this.allow(fresh, { ...run, by: 'model' });
      held = { ...fresh, retrieved: 0 };
      this.heldIn(run.conversationId).set(skillKey(held.identity), held);
      bytes = await this.readHeldFile(held, uri);
    }
    const text = textOf(bytes);
    await this.took(run.conversationId, held, text);
    return { skill: held.view, text: stripTags(text).text };
  }

  /** A deleted conversation acts on nothing any more. */
  forgetConversation(conversationId: string): void {
    this.held.delete(conversationId);
  }

  /** The entry again after a failed check: the same entry refuses the skill with the failure; a new one comes back. */
  private async refetched(item: Usable, failure: VerificationFailure): Promise<Usable> {
    const fresh = usable(await this.registry.fetch(item.view));
    this.refresh();
    if (JSON.stringify(fresh.entry) === JSON.stringify(item.entry))
      throw new VerificationFailure(refusal(item, failure.message));
    return fresh;
  }

  /** Goes on once the person approved: an approved skill in a conversation with no other server's skill, else asked. */
  private async allow(item: Usable, run: LoadRun): Promise<void> {
    if (run.by === 'person') return;
    const others = [...(this.held.get(run.conversationId)?.values() ?? [])]
      .map((held) => held.identity.server)
      .filter((server) => server !== item.identity.server);
    const otherOrigins = [...new Set(others)].sort();
    if (item.view.approval === 'approved' && otherOrigins.length === 0) return;
    const answer = await this.deps.consent.ask(
      {
        skill: item.view,
        conversationId: run.conversationId,
        ...(otherOrigins.length > 0 ? { otherOrigins } : {}),
        identity: item.identity,
        entry: item.entry,
      },
      run.signal,
    );
    if (answer === 'deny')
      throw new HostFault('forbidden', {
        id: 'host.skills.notAllowed',
        values: { label: item.view.label, server: item.view.server },
      });
  }

  private async readSkillMd(item: Usable): Promise<string> {
    const text = (await this.readHeldFile({ ...item, retrieved: 0 }, item.entry.uri)).toString('utf8');
    const wrong = frontmatterProblem(text, item.entry);
    if (wrong) throw new VerificationFailure(wrong);
    return text;
  }

  /** One file, against `held`'s entry: listed and verified, or (dynamic) inside the skill and within the size limit. */
  private async readHeldFile(held: Held, uri: string): Promise<Buffer> {
    const source = this.source(held.identity.server);
    const { entry } = held;
    if (entry.resources !== 'dynamic') {
      const file = entry.resources.find((item) => item.uri === uri);
      if (!file) throw new VerificationFailure(`${uri} is not one of the files the skill's entry lists.`);
      const problem = (text: string) => this.deps.servers.get(held.identity.server).note('warning', text);
      return readVerified(this.deps.files, held.identity, file, source, problem);
    }
    if (!isInSkill(entry.uri, uri)) throw new VerificationFailure(`${uri} is outside the skill's folder.`);
    const bytes = bytesOf(await source.read(uri));
    held.retrieved += bytes.length;
    if (held.retrieved > MAX_SKILL_BYTES)
      throw new HostFault('too_large', {
        id: 'host.skills.tooLarge',
        values: { label: held.view.label, server: held.view.server },
      });
    return bytes;
  }

  private filesOf(held: Held): Promise<{ uri: string; size?: number }[]> {
    const server = this.deps.servers.get(held.identity.server);
    const { directoryRead } = skillsSupport(server.view().capabilities);
    const problem = (text: string) => server.note('warning', text);
    return otherFiles(held.entry, this.source(server.name), directoryRead, problem);
  }

  /** A file's URI, or a path relative to the one skill of `server` the conversation acts on, as a URI. */
  private resolve(conversationId: string, server: string, reference: string): string {
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(reference)) return reference;
    const held = [...(this.held.get(conversationId)?.values() ?? [])].filter(
      (item) => item.identity.server === server,
    );
    const only = held.length === 1 ? held[0] : undefined;
    const uri = only ? resolveInSkill(only.entry.uri, reference) : undefined;
    if (uri) return uri;
    throw new HostFault(
      'invalid_input',
      held.length > 1
        ? { id: 'host.skills.severalLoaded', values: { server } }
        : { id: 'host.skills.notInSkill', values: { reference, server } },
    );
  }

  /** The held skill of `server` in the conversation whose folder holds `uri` (the innermost one). */
  private holding(conversationId: string, server: string, uri: string): Held {
    const candidates = [...(this.held.get(conversationId)?.values() ?? [])].filter(
      (held) => held.identity.server === server && isInSkill(held.entry.uri, uri),
    );
    const innermost = candidates.sort((a, b) => b.entry.uri.length - a.entry.uri.length)[0];
    if (innermost) return innermost;
    throw new HostFault('forbidden', { id: 'host.skills.notLoaded', values: { server, uri } });
  }

  private heldIn(conversationId: string): Map<string, Held> {
    let found = this.held.get(conversationId);
    if (!found) {
      found = new Map();
      this.held.set(conversationId, found);
    }
    return found;
  }

  private source(server: string): SkillSource {
    const connection = this.deps.servers.get(server);
    return {
      read: (uri) => readSkillFile(connection, uri),
      directory: (uri) => readDirectory(connection, uri),
    };
  }

  /** The conversation took in text of `item`'s server. */
  private async took(conversationId: string, item: Registered, text: string): Promise<void> {
    if (!conversationId || !this.deps.flow) return;
    const { server, uri, label } = item.view;
    await this.deps.flow.recordContext(conversationId, undefined, [
      { kind: 'skill', server, uri, label, text },
    ]);
  }
}
