// Under a decision's form: whether an answer can reach the host now, and why the last one did not.
import type { ReactNode } from 'react';
import { useT } from '../i18n';

export type AnswerStatusProps = {
  /** Whether the link to the host is up. */
  linked: boolean;
  /** What went wrong with the last answer, in plain words. */
  error: string | null | undefined;
  /** The alert's class, so each dialog keeps its look. */
  className: string;
};

export function AnswerStatus({ linked, error, className }: AnswerStatusProps): ReactNode {
  const t = useT();
  return (
    <>
      {!linked ? <p className="notice">{t('common.answer.offline')}</p> : null}
      {error ? (
        <p className={className} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
