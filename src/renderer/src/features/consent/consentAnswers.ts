// Sends the person's answers to waiting tool calls, one or several at once, with their edited arguments.
import type { ConsentDecision, ConsentRequest } from '../../../../shared/chat';
import { HostCallError } from '../../../../shared/hostCallError';
import type { Json } from '../../../../shared/types';
import type { HostClient } from '../../api';
import { describeError } from '../../components/format';
import { translate } from '../../i18n';
import { actions, type ConsentDraft } from '../../store';
import { batchArgs } from './batchArgs';

/** Why an answer did not go through, in plain words; null when the request had already gone. */
function problemOf(caught: unknown): string | null {
  if (caught instanceof HostCallError && caught.code === 'not_found') return null;
  if (caught instanceof HostCallError && caught.code === 'invalid_input') return describeError(caught);
  return translate('consent.answer.notDelivered', { error: describeError(caught) });
}

/**
 * Answers `request`; `args` are the person's edit (absent: the call's own). `editing` names the
 * other waiting calls the person has edited, which a permission given now must not answer for them.
 * Resolves with the problem, if any.
 */
export async function sendAnswer(
  host: HostClient,
  request: ConsentRequest,
  decision: ConsentDecision,
  args?: Json,
  editing: readonly string[] = [],
): Promise<string | null> {
  actions.consentAnswering([request.id]);
  const others = editing.filter((id) => id !== request.id);
  try {
    await host.invoke('consent.answer', {
      id: request.id,
      decision,
      ...(args === undefined || decision === 'deny' ? {} : { args }),
      ...(others.length > 0 && decision !== 'deny' && decision !== 'once' ? { editing: others } : {}),
    });
    actions.consentAnswered(request.id);
    return null;
  } catch (caught) {
    const problem = problemOf(caught);
    if (problem === null) actions.consentSettled({ id: request.id, reason: 'cancelled' });
    else actions.consentAnswerFailed(request.id);
    return problem;
  }
}

/**
 * Answers every request in `requests` the same way, oldest first, each with its own edited
 * arguments; resolves with the problems (empty when every answer arrived).
 */
export async function answerAll(
  host: HostClient,
  requests: readonly ConsentRequest[],
  decision: 'once' | 'deny',
  drafts: Record<string, ConsentDraft>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const request of requests) {
    const prepared = batchArgs(request, drafts[request.id]);
    if (decision !== 'deny' && !prepared.ok) {
      problems.push(translate('consent.batch.unsendable', { tool: request.tool.name }));
      continue;
    }
    const problem = await sendAnswer(host, request, decision, prepared.ok ? prepared.args : undefined);
    if (problem) problems.push(translate('consent.batch.problem', { tool: request.tool.name, problem }));
  }
  return problems;
}
