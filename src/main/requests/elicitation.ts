// Elicitation requests from servers: a form the person fills in, or a link they choose to open; the host never fetches it.
import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '../../shared/consent';
import type { ElicitationContent, ElicitationRequest, ElicitationSchema } from '../../shared/requests';
import type { ServerView } from '../../shared/types';
import { PendingRequests } from '../consent/pending';
import { HostFault } from '../errors';
import type { Emit } from '../hostEvents';
import { cleanContent, validateContent } from './formAnswers';
import { invalidParams, requestGone, tooManyRequests } from './protocolErrors';
import { type ElicitationNote, elicitationEntry } from './requestAudit';
import { checkSchema } from './schemaForm';
import { serverAbort } from './serverAbort';

/** An `elicitation/create` request's params, as far as the host uses them. */
export type ElicitParams = {
  mode?: string;
  message: string;
  requestedSchema?: unknown;
  url?: string;
  elicitationId?: string;
};

/** What the server gets back. */
export type ElicitAnswer =
  | { action: 'accept'; content?: ElicitationContent }
  | { action: 'decline' }
  | { action: 'cancel' };

export type ElicitationDeps = {
  emit: Emit;
  /** A server's current view, for its title. */
  serverView: (server: string) => ServerView | undefined;
  /**
   * Opens an accepted link through the confirmed external path. Resolving `false` (not opened)
   * keeps the request waiting; without this hook an accept only tells the server.
   */
  onOpenUrl?: (url: string) => Promise<boolean | undefined> | boolean | undefined;
  /** Requests one server may have waiting at once (3). */
  maxPending?: number;
  /** Records each request once it settles: the person's answer, by field name only. */
  audit?: (entry: AuditEntry) => void;
};

/** A link a tool call needs the person to open before it is retried (`UrlElicitationRequiredError`, -32042). */
export type RequiredUrl = { url: string; elicitationId: string; message: string };

const URL_ELICITATION_REQUIRED = -32042;

export class ElicitationService {
  private readonly waiting: PendingRequests<ElicitationRequest, ElicitAnswer>;
  private readonly limit: number;
  /** The person's answer to each request, kept just until it settles. */
  private readonly answers = new Map<string, ElicitationNote>();

  constructor(private readonly deps: ElicitationDeps) {
    this.limit = deps.maxPending ?? 3;
    this.waiting = new PendingRequests<ElicitationRequest, ElicitAnswer>((request, reason) => {
      deps.audit?.(elicitationEntry(request, reason, this.answers.get(request.id)));
      this.answers.delete(request.id);
      deps.emit('elicitation.settled', {
        id: request.id,
        reason: reason === 'rejected' ? 'answered' : reason,
      });
    }, serverAbort);
  }

  /**
   * The error to answer a request the host will not show (a form outside the allowed subset, a
   * link that is not https, an unknown mode), after telling the person; `undefined` when it may be shown.
   */
  screen(server: string, params: ElicitParams): Error | undefined {
    const mode = params.mode ?? 'form';
    let reason: string | undefined;
    if (mode === 'form') {
      const check = checkSchema(params.requestedSchema);
      if (!check.ok) reason = `Switchboard cannot show the form "${server}" asked for: ${check.reason}`;
    } else if (mode === 'url') {
      if (!isHttps(params.url)) {
        reason = `Switchboard refused to offer a link from "${server}": only https links can be opened, and this one is ${params.url ? `"${params.url}"` : 'missing'}.`;
      }
    } else {
      reason = `Switchboard cannot answer a "${mode}" request from "${server}": only forms and links are supported.`;
    }
    if (!reason) return undefined;
    this.deps.emit('requests.refused', { server, kind: 'elicitation', message: reason, time: Date.now() });
    return invalidParams(reason);
  }

  /** Answers one server request; refused at once when it cannot be shown or the server has too many waiting. */
  handle(server: string, params: ElicitParams, signal?: AbortSignal): Promise<ElicitAnswer> {
    const refusal = this.screen(server, params);
    if (refusal) return Promise.reject(refusal);
    if (this.waiting.count(server) >= this.limit) {
      const message = `Switchboard refused a request for input from "${server}": it already has ${this.limit} waiting for an answer. Answer those first.`;
      this.deps.emit('requests.refused', { server, kind: 'elicitation', message, time: Date.now() });
      return Promise.reject(tooManyRequests(message));
    }
    const common = {
      id: randomUUID(),
      kind: 'elicitation' as const,
      server,
      serverTitle: this.deps.serverView(server)?.info?.title,
      requestedAt: Date.now(),
      message: params.message,
    };
    const request: ElicitationRequest =
      params.mode === 'url'
        ? { ...common, mode: 'url', url: params.url ?? '', elicitationId: params.elicitationId ?? common.id }
        : { ...common, mode: 'form', requestedSchema: params.requestedSchema as ElicitationSchema };
    const answered = this.waiting.add(request, signal);
    if (this.waiting.has(request.id)) this.deps.emit('elicitation.requested', request);
    return answered;
  }

  /** Requests waiting for the person, oldest first. */
  pending(): ElicitationRequest[] {
    return this.waiting.list();
  }

  /** The person's answer; an accepted form must be valid, or it stays waiting and this throws `invalid_input`. */
  async answer(id: string, action: ElicitAnswer['action'], content?: ElicitationContent): Promise<void> {
    const request = this.waiting.get(id);
    if (action !== 'accept') {
      this.answers.set(id, { action });
      this.waiting.settle(id, { answer: { action } }, 'answered');
      return;
    }
    if (request.mode === 'url') {
      const opened = await this.deps.onOpenUrl?.(request.url);
      if (opened === false) {
        throw new HostFault('cancelled', { id: 'host.requests.linkNotOpened' });
      }
      this.answers.set(id, { action: 'accept' });
      this.waiting.settle(id, { answer: { action: 'accept' } }, 'answered');
      return;
    }
    const schema = request.requestedSchema;
    const given = content ?? {};
    const errors = validateContent(schema, given);
    const problems = Object.entries(errors);
    if (problems.length > 0) {
      const described = problems.map(([name, problem]) => `${label(schema, name)}: ${problem}`).join(' ');
      throw new HostFault('invalid_input', {
        id: 'host.requests.checkForm',
        values: { problems: described },
      });
    }
    const cleaned = cleanContent(schema, given);
    this.answers.set(id, { action: 'accept', content: cleaned });
    this.waiting.settle(id, { answer: { action: 'accept', content: cleaned } }, 'answered');
  }

  /**
   * The server says the out-of-band interaction of a link it asked for is complete
   * (`notifications/elicitation/complete`): a request for that link still on screen closes.
   */
  complete(server: string, elicitationId: string): void {
    this.waiting.settleWhere(
      (request) =>
        request.server === server && request.mode === 'url' && request.elicitationId === elicitationId,
      'completed',
      () => ({ answer: { action: 'accept' } }),
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

  /** Settles every request as cancelled by the person, e.g. when the window closes. */
  cancelAll(): void {
    this.waiting.settleWhere(
      () => true,
      'cancelled',
      () => ({ answer: { action: 'cancel' } }),
    );
  }
}

/**
 * The links a failed tool call needs opened first (`UrlElicitationRequiredError`, -32042), looked
 * for on the error and its `cause`s; `undefined` when the error is something else.
 */
export function urlElicitationsFrom(error: unknown): RequiredUrl[] | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const { code, data, cause } = current as { code?: unknown; data?: unknown; cause?: unknown };
    if (code === URL_ELICITATION_REQUIRED) {
      const list = (data as { elicitations?: unknown } | undefined)?.elicitations;
      if (!Array.isArray(list)) return undefined;
      const found = list.flatMap((item: unknown) => {
        const { url, elicitationId, message } = (item ?? {}) as Record<string, unknown>;
        return typeof url === 'string' && isHttps(url)
          ? [
              {
                url,
                elicitationId: typeof elicitationId === 'string' ? elicitationId : '',
                message: String(message ?? ''),
              },
            ]
          : [];
      });
      return found.length > 0 ? found : undefined;
    }
    current = cause;
  }
  return undefined;
}

function label(schema: ElicitationSchema, name: string): string {
  const title = schema.properties[name]?.title;
  return typeof title === 'string' && title.trim() ? title : name;
}

function isHttps(url: string | undefined): url is string {
  if (!url) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
