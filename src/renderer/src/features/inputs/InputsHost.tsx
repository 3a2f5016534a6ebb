// Mount once: the oldest `${input:…}` question ("<server> needs a value"), answered once and kept in the secret store.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { InputRequest } from '../../../../shared/requests';
import { QueuedDecision } from '../../components/DecisionDialog';
import { hostWords } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
import { actions, useInputCount, useInputHead } from '../../store';
import '../consent/consent.css';

function InputQuestion({ request, summaryId }: { request: InputRequest; summaryId: string }): ReactNode {
  const t = useT();
  const [value, setValue] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const { run, pending, error } = useCommand();
  const answer = async (given: string | undefined) => {
    const outcome = await run((host) =>
      host.invoke(
        'inputs.answer',
        given === undefined ? { id: request.id } : { id: request.id, value: given },
      ),
    );
    if (outcome.ok) actions.inputSettled(request.id);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value !== '') void answer(value);
  };
  return (
    <form onSubmit={submit}>
      <div className="dialog-body consent-body">
        <p id={summaryId} className="consent-summary">
          <Message
            id="inputs.question"
            values={{
              server: request.server,
              input: request.inputId,
              strong: (chunks: ReactNode) => <strong>{chunks}</strong>,
              code: (chunks: ReactNode) => <code>{chunks}</code>,
            }}
          />
        </p>
        <label className="field">
          <span>{hostWords(request.description ?? request.inputId, request.descriptionText)}</span>
          <input
            type={request.password ? 'password' : 'text'}
            ref={field}
            value={value}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setValue(event.target.value)}
          />
        </label>
        <p className="muted consent-hint-text">{t('inputs.hint')}</p>
        {error ? (
          <p className="inline-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <footer className="dialog-footer consent-footer">
        <button type="button" disabled={pending} onClick={() => void answer(undefined)}>
          {t('inputs.cancel')}
        </button>
        <span className="consent-footer-gap" />
        <button type="submit" className="primary" disabled={pending || value === ''}>
          {t('inputs.save')}
        </button>
      </footer>
    </form>
  );
}

/** Renders nothing while no entry waits for a value. */
export function InputsHost(): ReactNode {
  const t = useT();
  return (
    <QueuedDecision
      head={useInputHead()}
      count={useInputCount()}
      notice={null}
      clearNotice={() => {}}
      title={(request) => (request ? t('inputs.title', { server: request.server }) : t('inputs.titleNone'))}
      className="consent-dialog"
      render={(request, summaryId) => (
        <InputQuestion key={request.id} request={request} summaryId={summaryId} />
      )}
    />
  );
}
