// Runs `models.test` for a saved provider and shows its answer: success in a status region, failure in an alert.
import { type ReactNode, useCallback, useState } from 'react';
import type { ProviderTest } from '../../../../../shared/chat';
import { hostWords } from '../../../components/format';
import { useCommand } from '../../../components/useCommand';
import { useT } from '../../../i18n';

/** `test(id)` asks the host to reach the provider with its saved settings; `result` is its answer. */
export function useProviderTest() {
  const { run, pending, error } = useCommand();
  const [result, setResult] = useState<ProviderTest | null>(null);
  const test = useCallback(
    async (id: string): Promise<ProviderTest | null> => {
      setResult(null);
      const outcome = await run((host) => host.invoke('models.test', { id }));
      if (!outcome.ok) return null;
      setResult(outcome.value);
      return outcome.value;
    },
    [run],
  );
  return { test, result, pending, error };
}

/** Props of `ProviderTestResult`. */
export type ProviderTestResultProps = {
  result: ProviderTest | null;
  pending: boolean;
  error: string | null;
  /** Words for a pending test, e.g. `Loading models…` (by default `Testing the connection…`). */
  pendingText?: string;
  /** Said before the message, e.g. the provider's id in a table. */
  prefix?: string;
};

/** The status region is always there, so a success is announced; failures are alerts. */
export function ProviderTestResult({
  result,
  pending,
  error,
  pendingText,
  prefix,
}: ProviderTestResultProps): ReactNode {
  const t = useT();
  const lead = (text: string) => (prefix ? t('models.test.prefixed', { prefix, text }) : text);
  return (
    <>
      <p className="provider-test provider-test-ok" role="status">
        {pending
          ? (pendingText ?? t('models.test.pending'))
          : result?.ok
            ? lead(hostWords(result.message, result.text))
            : ''}
      </p>
      {!pending && result && !result.ok ? (
        <p className="provider-test provider-test-failed" role="alert">
          {lead(hostWords(result.message, result.text))}
        </p>
      ) : null}
      {!pending && error ? (
        <p className="provider-test provider-test-failed" role="alert">
          {lead(t('models.test.failed', { error }))}
        </p>
      ) : null}
    </>
  );
}
