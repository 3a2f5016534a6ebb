// Sampling requests from servers: the person approves (or a session budget does), the model runs, the person reviews.
import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '../../shared/consent';
import { formatHostText, type HostText, saidError } from '../../shared/hostText';
import type {
  SamplingMessageView,
  SamplingPolicy,
  SamplingRequest,
  SamplingResponse,
  SamplingToolUse,
} from '../../shared/requests';
import type { ServerView } from '../../shared/types';
import { PendingRequests } from '../consent/pending';
import { HostFault, textOf } from '../errors';
import type { Emit } from '../hostEvents';
import { providerErrorText } from '../llm/errors';
import { languageModel, type ResolvedProvider } from '../llm/providers';
import type { ModelSettings } from '../settings/models';
import { chooseModel } from './modelChoice';
import {
  closedBeforeAnswer,
  invalidParams,
  requestGone,
  tooManyRequests,
  userRejected,
} from './protocolErrors';
import { type SamplingNotes, samplingEntry, samplingFingerprint } from './requestAudit';
import { contextPreview, messageViews, type ServerMessage } from './samplingMessages';
import { runSampling } from './samplingRun';
import { MAX_TOOL_ROUNDS, toolMessagesProblem, toolRounds, toolViews } from './samplingTools';
import { serverAbort } from './serverAbort';

/** A `sampling/createMessage` request's params, as far as the host uses them. */
export type SamplingParams = {
  messages: ServerMessage[];
  systemPrompt?: string;
  includeContext?: 'none' | 'thisServer' | 'allServers';
  temperature?: number;
  maxTokens: number;
  stopSequences?: string[];
  modelPreferences?: SamplingRequest['modelPreferences'];
  /** The server's own tools the model may ask for (checked by `toolViews`). */
  tools?: unknown;
  toolChoice?: { mode?: string };
};

type ResultContent = { type: 'text'; text: string } | SamplingToolUse;

/** What the server gets back: text, or text and tool uses (`stopReason: 'toolUse'`) for the server to run. */
export type SamplingResult = {
  role: 'assistant';
  content: ResultContent | ResultContent[];
  model: string;
  stopReason: string;
};

const TOOL_CHOICES = new Set(['auto', 'required', 'none']);

/** The answer for `response` with the (reviewed) text; tool uses go back as they are. */
function resultOf(response: SamplingResponse, text: string): SamplingResult {
  const { model, stopReason, toolCalls } = response;
  if (!toolCalls?.length) return { role: 'assistant', content: { type: 'text', text }, model, stopReason };
  const content: ResultContent[] = [...(text.trim() ? [{ type: 'text' as const, text }] : []), ...toolCalls];
  return { role: 'assistant', content, model, stopReason: 'toolUse' };
}

/** The request as the person approved it (see the `sampling.approve` command). */
export type SamplingApproval = {
  messages: SamplingMessageView[];
  systemPrompt?: string;
  model: string;
  maxTokens: number;
  includeContext: boolean;
};

export type SamplingDeps = {
  emit: Emit;
  models: Pick<ModelSettings, 'resolve' | 'defaultModel' | 'view'>;
  /** A server's current view, for its title and the context preview. */
  serverView: (server: string) => ServerView | undefined;
  /** Requests one server may have waiting at once (3). */
  maxPending?: number;
  /** Records each request once it settles: who decided what, and what went back. */
  audit?: (entry: AuditEntry) => void;
};

type Resolved = { provider: ResolvedProvider; modelId: string };

export class SamplingService {
  private readonly waiting: PendingRequests<SamplingRequest, SamplingResult>;
  private readonly policyByServer = new Map<string, SamplingPolicy>();
  private readonly limit: number;
  private readonly notes = new Map<string, SamplingNotes>();

  constructor(private readonly deps: SamplingDeps) {
    this.limit = deps.maxPending ?? 3;
    this.waiting = new PendingRequests<SamplingRequest, SamplingResult>((request, reason) => {
      deps.audit?.(samplingEntry(request, reason, this.notes.get(request.id)));
      this.notes.delete(request.id);
      deps.emit('sampling.settled', { id: request.id, reason: reason === 'completed' ? 'answered' : reason });
    }, serverAbort);
  }

  /**
   * The error to answer a request the host will not show (tool messages that break the rules),
   * after telling the person; `undefined` when it may be shown.
   */
  screen(server: string, params: Pick<SamplingParams, 'messages'>): Error | undefined {
    const problem = toolMessagesProblem(messageViews(params.messages));
    if (!problem) return undefined;
    const message = `Switchboard refused a sampling request from "${server}": ${problem}`;
    this.deps.emit('requests.refused', { server, kind: 'sampling', message, time: Date.now() });
    return invalidParams(problem);
  }

  /** Answers one server request; refuses at once when the server already has `maxPending` waiting. */
  handle(server: string, params: SamplingParams, signal?: AbortSignal): Promise<SamplingResult> {
    if (this.waiting.count(server) >= this.limit) {
      const message = `Switchboard refused a sampling request from "${server}": it already has ${this.limit} waiting for an answer. Answer or reject those first.`;
      this.deps.emit('requests.refused', { server, kind: 'sampling', message, time: Date.now() });
      return Promise.reject(tooManyRequests(message));
    }
    const refusal = this.screen(server, params);
    if (refusal) return Promise.reject(refusal);
    const messages = messageViews(params.messages);
    const tools = toolViews(params.tools);
    const rounds = toolRounds(messages);
    const mode = params.toolChoice?.mode;
    const view = this.deps.serverView(server);
    const wantsContext = params.includeContext === 'thisServer' || params.includeContext === 'allServers';
    const request: SamplingRequest = {
      id: randomUUID(),
      kind: 'sampling',
      server,
      serverTitle: view?.info?.title,
      requestedAt: Date.now(),
      messages,
      ...(tools
        ? {
            tools,
            toolChoice: mode && TOOL_CHOICES.has(mode) ? (mode as 'auto' | 'required' | 'none') : 'auto',
            toolRounds: rounds,
            toolsWithheld: rounds >= MAX_TOOL_ROUNDS,
          }
        : {}),
      systemPrompt: params.systemPrompt,
      includeContext: params.includeContext,
      contextPreview: wantsContext ? contextPreview(view, server) : undefined,
      modelPreferences: params.modelPreferences,
      maxTokens: params.maxTokens,
      temperature: params.temperature,
      stopSequences: params.stopSequences,
      stage: 'approval',
    };
    this.notes.set(request.id, { original: samplingFingerprint(request), auto: false });
    const answered = this.waiting.add(request, signal);
    void this.present(request.id);
    return answered;
  }

  /** Requests waiting for the person, oldest first. */
  pending(): SamplingRequest[] {
    return this.waiting.list();
  }

  /** Runs the request as the person edited it; the response comes back for review. */
  async approve(id: string, approval: SamplingApproval): Promise<void> {
    const request = this.waiting.get(id);
    if (request.stage !== 'approval') {
      throw new HostFault('invalid_input', { id: 'host.requests.notAwaitingApproval' });
    }
    const resolved = await this.deps.models.resolve(approval.model);
    if (this.waiting.find(id)?.stage !== 'approval') {
      throw new HostFault('invalid_input', { id: 'host.requests.notAwaitingApproval' });
    }
    // `maxTokens` stays the server's own: an edit may lower it, never raise it.
    const maxTokens = Math.max(1, Math.min(approval.maxTokens, request.maxTokens));
    void this.run(id, resolved, { ...approval, maxTokens }, false);
  }

  /** Returns the reviewed (possibly edited) response to the server. */
  send(id: string, text: string): void {
    const request = this.waiting.get(id);
    if (request.stage !== 'review' || !request.response) {
      throw new HostFault('invalid_input', { id: 'host.requests.noResponseYet' });
    }
    this.note(id, { sent: text });
    this.waiting.settle(id, { answer: resultOf(request.response, text) }, 'answered');
  }

  /** Turns the request down at any stage; the server gets error -1. */
  reject(id: string): void {
    this.waiting.get(id);
    this.waiting.settle(id, { error: userRejected() }, 'rejected');
  }

  policies(): SamplingPolicy[] {
    return [...this.policyByServer.values()];
  }

  /** `session` runs requests without asking until the budget is spent; budgets last as long as the app runs. */
  setPolicy(server: string, mode: SamplingPolicy['mode'], tokenBudget: number): SamplingPolicy[] {
    const { tokensUsed, budgetUsed } = this.policyOf(server);
    this.policyByServer.set(server, { server, mode, tokenBudget, tokensUsed, budgetUsed });
    return this.policies();
  }

  /** The server's policy; a server never set up asks every time. */
  private policyOf(server: string): SamplingPolicy {
    return (
      this.policyByServer.get(server) ?? { server, mode: 'ask', tokenBudget: 0, tokensUsed: 0, budgetUsed: 0 }
    );
  }

  /** Settles the server's requests when it stops, exits or is removed. */
  cancelServer(server: string): void {
    this.waiting.settleWhere(
      (request) => request.server === server,
      'server-gone',
      () => ({ error: requestGone('server-gone') }),
    );
  }

  /** Settles every request, e.g. when the window closes. */
  cancelAll(): void {
    this.waiting.settleWhere(
      () => true,
      'cancelled',
      () => ({ error: closedBeforeAnswer() }),
    );
  }

  /** Shows the request with the host's model suggestion, or runs it at once under a session budget. */
  private async present(id: string): Promise<void> {
    const available = await this.availableModels();
    const request = this.waiting.find(id);
    if (request?.stage !== 'approval') return;
    const suggestedModel = chooseModel(request.modelPreferences, available, this.deps.models.defaultModel());
    const policy = this.policyByServer.get(request.server);
    let error: HostText | undefined;
    if (policy?.mode === 'session' && suggestedModel) {
      const left = policy.tokenBudget - policy.budgetUsed;
      const resolved =
        left > 0
          ? await this.deps.models.resolve(suggestedModel).catch((problem: unknown) => textOf(problem))
          : '';
      const now = this.waiting.find(id);
      if (now?.stage !== 'approval') return;
      if (typeof resolved === 'object' && 'provider' in resolved) {
        this.waiting.update({ ...now, suggestedModel });
        const { messages, systemPrompt } = now;
        const maxTokens = Math.max(1, Math.min(now.maxTokens, left));
        const includeContext = now.contextPreview !== undefined;
        await this.run(
          id,
          resolved,
          { messages, systemPrompt, model: suggestedModel, maxTokens, includeContext },
          true,
        );
        return;
      }
      error =
        left > 0
          ? { id: 'host.requests.notRunAlone', values: { error: resolved } }
          : {
              id: 'host.requests.budgetSpent',
              values: { server: request.server, budget: String(policy.tokenBudget) },
            };
    }
    const now = this.waiting.find(id);
    if (now?.stage !== 'approval') return;
    const shown: SamplingRequest = {
      ...now,
      suggestedModel,
      error: error && formatHostText(error),
      errorText: error,
    };
    if (this.waiting.update(shown)) this.deps.emit('sampling.changed', shown);
  }

  /** Streams the model's reply; on success the request moves to review (or, under a budget, is sent). */
  private async run(
    id: string,
    resolved: Resolved,
    approval: SamplingApproval,
    auto: boolean,
  ): Promise<void> {
    const before = this.waiting.find(id);
    if (!before) return;
    const running: SamplingRequest = {
      ...before,
      stage: 'running',
      messages: approval.messages,
      systemPrompt: approval.systemPrompt,
      suggestedModel: approval.model,
      error: undefined,
      errorText: undefined,
      response: undefined,
    };
    this.waiting.update(running);
    this.deps.emit('sampling.changed', running);
    const signal = this.waiting.workSignal(id);
    const { provider, modelId } = resolved;
    const context = approval.includeContext ? running.contextPreview : undefined;
    const system = [approval.systemPrompt, context].filter(Boolean).join('\n\n') || undefined;
    try {
      const outcome = await runSampling({
        model: await languageModel(provider, modelId),
        system,
        messages: approval.messages,
        maxTokens: approval.maxTokens,
        temperature: running.temperature,
        stopSequences: running.stopSequences,
        tools: running.toolsWithheld ? undefined : running.tools,
        toolChoice: running.toolChoice,
        signal,
        onDelta: (text) => this.deps.emit('sampling.delta', { id, text }),
      });
      if (!this.waiting.has(id)) return;
      const response: SamplingResponse = {
        text: outcome.text,
        model: modelId,
        stopReason: outcome.stopReason,
        ...(outcome.toolCalls.length > 0 ? { toolCalls: outcome.toolCalls } : {}),
      };
      this.spend(running.server, outcome.tokens, auto);
      if (auto) {
        const finished = { ...running, response };
        this.waiting.update(finished);
        this.deps.emit('sampling.changed', finished);
        this.note(id, { auto: true, sent: response.text });
        this.waiting.settle(id, { answer: resultOf(response, response.text) }, 'answered');
        return;
      }
      const review: SamplingRequest = { ...running, stage: 'review', response };
      if (this.waiting.update(review)) this.deps.emit('sampling.changed', review);
    } catch (error) {
      if (signal.aborted || !this.waiting.has(id)) return;
      const back: SamplingRequest = {
        ...running,
        stage: 'approval',
        ...saidError(providerErrorText(error, { provider: provider.id, model: modelId })),
      };
      if (this.waiting.update(back)) this.deps.emit('sampling.changed', back);
    }
  }

  private note(id: string, patch: Partial<SamplingNotes>): void {
    const notes = this.notes.get(id);
    if (notes) this.notes.set(id, { ...notes, ...patch });
  }

  /** Counts a finished run's tokens for the session; runs without asking also count against the budget. */
  private spend(server: string, tokens: number, withoutAsking: boolean): void {
    const policy = this.policyOf(server);
    this.policyByServer.set(server, {
      ...policy,
      tokensUsed: policy.tokensUsed + tokens,
      budgetUsed: policy.budgetUsed + (withoutAsking ? tokens : 0),
    });
  }

  /** Every configured model as `provider/model`. */
  private async availableModels(): Promise<string[]> {
    try {
      const view = await this.deps.models.view();
      return view.providers.flatMap((provider) => provider.models.map((model) => `${provider.id}/${model}`));
    } catch {
      return [];
    }
  }
}
