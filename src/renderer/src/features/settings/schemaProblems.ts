// Config problems in the page's language: the host sends each by id (`text`) beside its English `message`.
import type { ConfigProblem } from '../../../../shared/types';
import { hostWords } from '../../components/format';
import { translate } from '../../i18n';

/** "… is not a host: write a name like example.com …", in the page's language. */
export function notAHostText(entry: string): string {
  return translate('common.notAHost', { entry });
}

/** A config problem without the field it names first (`url uses plain http …`), for where space is short. */
export function problemReason(problem: ConfigProblem): string {
  const { text } = problem;
  const inner = text?.id === 'host.config.atField' ? text.values?.problem : undefined;
  if (typeof inner === 'string' || typeof inner === 'number') return String(inner);
  // The host's English says the field first (`field: problem`); without it, it is the problem alone.
  const prefix = problem.field ? `${problem.field}: ` : '';
  const english =
    prefix && problem.message.startsWith(prefix) ? problem.message.slice(prefix.length) : undefined;
  if (inner !== undefined) return hostWords(english ?? problem.message, inner);
  return english ?? problemMessage(problem);
}

/** A config problem as a whole (`mcpServers.x.command: …`), in the page's language where the host said it by id. */
export function problemMessage(problem: ConfigProblem): string {
  return hostWords(problem.message, problem.text);
}
