// Audit entries for servers' sampling requests and requests for information: what the person decided, without secrets.
import type { ElicitationAuditEntry, SamplingAuditEntry } from '../../shared/consent';
import type { ElicitationContent, ElicitationRequest, SamplingRequest } from '../../shared/requests';
import type { SettleReason } from '../consent/pending';

/** Text kept of a request or response in the log. */
const MAX_TEXT = 4000;

/** What the sampling service remembers about a request until it settles. */
export type SamplingNotes = {
  /** The request as the server sent it, to tell whether the person edited it. */
  original: string;
  /** True once a session budget ran it without asking. */
  auto: boolean;
  /** What went back to the server, when something did. */
  sent?: string;
};

/** The request as a comparable text: messages and system prompt. */
export function samplingFingerprint(request: Pick<SamplingRequest, 'messages' | 'systemPrompt'>): string {
  return JSON.stringify([request.messages, request.systemPrompt ?? null]);
}

function cut(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** The last message's text: what the server asked the model, in short. */
function lastText(request: SamplingRequest): string {
  const last = request.messages.at(-1);
  if (!last) return '';
  return cut(
    last.content
      .map((block) => {
        if (block.type === 'text') return block.text;
        if (block.type === 'tool_use') return `[tool use: ${block.name}]`;
        if (block.type === 'tool_result') return `[tool result: ${block.toolUseId}]`;
        return `[${block.type}: ${block.mimeType}]`;
      })
      .join('\n'),
  );
}

/** The entry for a sampling request that settled for `reason`. */
export function samplingEntry(
  request: SamplingRequest,
  reason: SettleReason,
  notes: SamplingNotes | undefined,
  time = Date.now(),
): SamplingAuditEntry {
  const ran = request.stage !== 'approval' || notes?.auto === true;
  const decision: SamplingAuditEntry['decision'] =
    reason === 'rejected' ? 'rejected' : notes?.auto ? 'auto' : ran ? 'approved' : 'unanswered';
  const outcome: SamplingAuditEntry['outcome'] =
    reason === 'answered' ? 'sent' : reason === 'rejected' ? 'rejected' : 'cancelled';
  const model = request.response?.model ?? request.suggestedModel;
  const sent = reason === 'answered' ? notes?.sent : undefined;
  return {
    kind: 'sampling',
    time,
    server: request.server,
    decision,
    outcome,
    ...(model ? { model } : {}),
    request: lastText(request),
    requestEdited: notes !== undefined && notes.original !== samplingFingerprint(request),
    ...(sent === undefined ? {} : { response: cut(sent) }),
    responseEdited: sent !== undefined && request.response !== undefined && sent !== request.response.text,
  };
}

/** The person's answer to a request for information, as the service saw it before settling. */
export type ElicitationNote = { action: 'accept' | 'decline' | 'cancel'; content?: ElicitationContent };

/** The entry for a request for information that settled for `reason`; field values are never kept. */
export function elicitationEntry(
  request: ElicitationRequest,
  reason: SettleReason,
  note: ElicitationNote | undefined,
  time = Date.now(),
): ElicitationAuditEntry {
  const answered = reason === 'answered' && note !== undefined;
  const fields = answered && note.action === 'accept' ? Object.keys(note.content ?? {}) : undefined;
  return {
    kind: 'elicitation',
    time,
    server: request.server,
    mode: request.mode,
    message: cut(request.message),
    ...(request.mode === 'url' ? { url: request.url } : {}),
    decision: answered ? note.action : 'unanswered',
    outcome: answered ? 'answered' : 'cancelled',
    ...(fields ? { fields } : {}),
  };
}
