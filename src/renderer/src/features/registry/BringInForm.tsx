// A form that brings a server in (install, bundle, link): its fields until it is sent, then what it did and Done.
import type { ReactNode } from 'react';
import type { BringInResult } from '../../../../shared/registry';
import { useT } from '../../i18n';
import { ResultNote } from './ResultNote';

export type BringInFormProps = {
  /** What sending did; the form shows until there is one. */
  result: BringInResult | null;
  onDone: () => void;
  onSubmit: () => void;
  error: string | null;
  /** The submit button's words. */
  submit: string;
  submitDisabled: boolean;
  children: ReactNode;
};

export function BringInForm({
  result,
  onDone,
  onSubmit,
  error,
  submit,
  submitDisabled,
  children,
}: BringInFormProps) {
  const t = useT();
  if (result) {
    return (
      <>
        <ResultNote result={result} />
        <button type="button" onClick={onDone}>
          {t('registry.done')}
        </button>
      </>
    );
  }
  return (
    <form
      className="bring-in-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={submitDisabled}>
        {submit}
      </button>
    </form>
  );
}
