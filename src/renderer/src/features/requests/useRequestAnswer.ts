// Sends one answer to a shown request: marks it answering, drops it when the host took a final answer, keeps the error.
import { useEffect, useState } from 'react';
import { HostCallError } from '../../../../shared/hostCallError';
import { type HostClient, useHost } from '../../api';
import { describeError } from '../../components/format';
import { translate } from '../../i18n';
import { actions, useLink, useRequestAnswering } from '../../store';

/** How long the accepting buttons stay disabled after a request appears, so a click meant for the last one cannot land here. */
export const ARM_DELAY_MS = 600;

/** False for `delay` ms after mount (and after `key` changes). */
export function useArmed(delay: number, key = ''): boolean {
  const [armed, setArmed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (stage) arms the buttons afresh
  useEffect(() => {
    setArmed(false);
    const timer = setTimeout(() => setArmed(true), delay);
    return () => clearTimeout(timer);
  }, [delay, key]);
  return armed;
}

/** Codes whose message the host wrote for the person (the form is not right, the link was not opened). */
const HOST_SAYS = new Set(['invalid_input', 'cancelled']);

/** Why an answer did not go through, in plain words. */
export function answerProblem(caught: unknown): string {
  if (caught instanceof HostCallError && HOST_SAYS.has(caught.code)) return describeError(caught);
  return translate('requests.answer.notDelivered', { error: describeError(caught) });
}

/** `send(call, final)`: `final` answers end the request here; others (approve) wait for its next stage. */
export function useRequestAnswer(id: string) {
  const host = useHost();
  const linked = useLink() === 'connected';
  const answering = useRequestAnswering() === id;
  const [error, setError] = useState<string | null>(null);

  const send = async (call: (host: HostClient) => Promise<unknown>, final: boolean): Promise<void> => {
    if (answering) return;
    setError(null);
    actions.requestAnswering(id);
    try {
      await call(host);
      if (final) actions.requestAnswered(id);
    } catch (caught) {
      if (caught instanceof HostCallError && caught.code === 'not_found') {
        actions.requestSettled(id, 'cancelled');
        return;
      }
      actions.requestAnswering(null);
      setError(answerProblem(caught));
    }
  };

  return { send, error, answering, canAnswer: linked && !answering, linked };
}
