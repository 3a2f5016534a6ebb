// The state of one waiting call's decision: the argument text (kept in the store), its check, and the answer.
import { useMemo, useState } from 'react';
import type { ConsentDecision, ConsentRequest } from '../../../../shared/chat';
import type { Json } from '../../../../shared/types';
import { useHost } from '../../api';
import { useLanguage } from '../../i18n';
import { actions, useConsentAnswering, useConsentDraft, useConsentDrafts, useLink } from '../../store';
import { ARM_DELAY_MS, useArmed } from '../requests/useRequestAnswer';
import { createArgsValidator } from './argsValidation';
import { sendAnswer } from './consentAnswers';
import { argsText } from './requestText';

/** Everything a decision's view needs; `args` is the valid edit, else the call's own arguments. */
export function useDecision(request: ConsentRequest) {
  const host = useHost();
  const linked = useLink() === 'connected';
  const answering = useConsentAnswering(request.id);
  const armed = useArmed(ARM_DELAY_MS);
  const draft = useConsentDraft(request.id);
  const drafts = useConsentDrafts();
  const [error, setError] = useState<string | null>(null);
  const initial = useMemo(() => argsText(request.args), [request.args]);
  const validate = useMemo(() => createArgsValidator(request.tool.inputSchema), [request.tool.inputSchema]);
  const text = draft?.text ?? initial;
  const { locale } = useLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the check's words follow the page's language
  const check = useMemo(() => validate(text), [validate, text, locale]);
  const args: Json = check.ok ? check.value : request.args;
  const edited = draft !== undefined && check.ok;

  const setText = (next: string): void => {
    if (next === initial) {
      actions.consentDraftChanged(request.id, undefined);
      return;
    }
    const nextCheck = validate(next);
    actions.consentDraftChanged(request.id, {
      text: next,
      ...(nextCheck.ok ? { value: nextCheck.value } : {}),
    });
  };

  const canAnswer = linked && !answering;
  const canAllow = canAnswer && armed && check.ok;

  const answer = async (decision: ConsentDecision): Promise<void> => {
    if (!canAnswer || (decision !== 'deny' && !canAllow)) return;
    setError(null);
    const problem = await sendAnswer(host, request, decision, edited ? args : undefined, Object.keys(drafts));
    if (problem) setError(problem);
  };

  return {
    text,
    setText,
    reset: () => actions.consentDraftChanged(request.id, undefined),
    check,
    args,
    edited,
    answer,
    error,
    linked,
    canAnswer,
    canAllow,
  };
}
