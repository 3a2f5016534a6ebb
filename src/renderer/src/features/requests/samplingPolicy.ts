// Pure helpers of Settings → Sampling: a server's policy (ask by default) and the budget check.
import type { SamplingPolicy } from '../../../../shared/requests';
import { translate } from '../../i18n';

/** The budget offered when a server is first allowed to sample without asking. */
export const DEFAULT_BUDGET = 20_000;
export const MAX_BUDGET = 10_000_000;

/** The server's policy from the host's list, or the default: ask every time. */
export function policyFor(policies: readonly SamplingPolicy[], server: string): SamplingPolicy {
  return (
    policies.find((policy) => policy.server === server) ?? {
      server,
      mode: 'ask',
      tokenBudget: 0,
      tokensUsed: 0,
      budgetUsed: 0,
    }
  );
}

/** Why the budget text cannot be saved, or undefined. */
export function budgetProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return translate('requests.budget.empty');
  const n = Number(trimmed);
  if (!Number.isInteger(n) || n < 0) return translate('requests.budget.whole');
  if (n > MAX_BUDGET) return translate('requests.budget.tooHigh', { max: MAX_BUDGET });
  return undefined;
}
