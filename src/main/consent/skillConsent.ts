// Asking the person before a skill is loaded: one waiting question per load, answered once, remembered when approved.
import { randomUUID } from 'node:crypto';
import type { SkillAnswer, SkillApprovalRequest, SkillEntry } from '../../shared/skills';
import { HostFault } from '../errors';
import type { SkillIdentity } from '../skills/skillKey';
import { PendingRequests, type SettleReason } from './pending';
import type { SkillApprovals } from './skillApprovals';

/** A question as the skills room asks it: the skill as shown, the identity and entry an approval binds to. */
export type SkillQuestion = Omit<SkillApprovalRequest, 'id' | 'requestedAt' | 'server'> & {
  identity: SkillIdentity;
  entry: SkillEntry;
};

type Asked = { request: SkillApprovalRequest; identity: SkillIdentity; entry: SkillEntry };

export type SkillConsentEvents = {
  requested(request: SkillApprovalRequest): void;
  settled(settled: { id: string; reason: SettleReason }): void;
};

/**
 * Skills waiting for the person. `approve` remembers the approval for the skill's files as asked (never
 * for a dynamic skill) and lets this load go; `once` lets only this load go; `deny` refuses it.
 */
export class SkillConsent {
  private readonly asked = new Map<string, Asked>();
  private readonly waiting: PendingRequests<SkillApprovalRequest, SkillAnswer>;

  constructor(
    private readonly approvals: SkillApprovals,
    events: SkillConsentEvents,
  ) {
    this.waiting = new PendingRequests((request, reason) => {
      this.asked.delete(request.id);
      events.settled({ id: request.id, reason });
    });
    this.waiting.onDidRequest(events.requested);
  }

  /** Waits for the person's answer; rejects with `HostFault('cancelled')` when `signal` aborts or it is cancelled. */
  ask(question: SkillQuestion, signal?: AbortSignal): Promise<SkillAnswer> {
    const { identity, entry, ...shown } = question;
    const request: SkillApprovalRequest = {
      ...shown,
      id: randomUUID(),
      server: identity.server,
      requestedAt: Date.now(),
    };
    this.asked.set(request.id, { request, identity, entry });
    return this.waiting.add(request, signal);
  }

  /** The person's answer to `id`; an approval is saved before the load it answers goes on. */
  async answer(id: string, answer: SkillAnswer): Promise<void> {
    // A question no longer waiting is refused here in plain words.
    this.waiting.get(id);
    const asked = this.asked.get(id) as Asked;
    if (answer === 'approve') await this.approvals.approve(asked.identity, asked.entry);
    this.waiting.settle(id, { answer }, 'answered');
  }

  pending(): SkillApprovalRequest[] {
    return this.waiting.list();
  }

  /** Settles the questions of a conversation whose reply stopped. */
  cancelConversation(conversationId: string): void {
    this.cancelWhere((request) => request.conversationId === conversationId, 'cancelled');
  }

  /** Settles the questions of a server that stopped or left the config. */
  cancelServer(server: string): void {
    this.cancelWhere((request) => request.server === server, 'server-gone');
  }

  cancelAll(): void {
    this.cancelWhere(() => true, 'cancelled');
  }

  private cancelWhere(match: (request: SkillApprovalRequest) => boolean, reason: SettleReason): void {
    const text =
      reason === 'server-gone'
        ? { id: 'host.consent.serverStopped' }
        : { id: 'host.consent.skillQuestionCancelled' };
    this.waiting.settleWhere(match, reason, () => ({ error: new HostFault('cancelled', text) }));
  }
}
