// One elicitation request: the server's message and either a form from its schema or a link to open; Cancel is always there.
import {
  type FormEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ElicitationRequest } from '../../../../shared/requests';
import { AnswerStatus } from '../../components/AnswerStatus';
import { Message, useT } from '../../i18n';
import { ElicitationFields } from './ElicitationFields';
import {
  describeElicitation,
  type ElicitErrors,
  type ElicitForm,
  type ElicitValues,
  elicitContent,
  initialElicitValues,
  validateElicitValues,
} from './elicitationFields';
import { ServerWho } from './ServerWho';
import { UrlElicitation } from './UrlElicitation';
import { describeUrl } from './urlParts';
import { ARM_DELAY_MS, useArmed, useRequestAnswer } from './useRequestAnswer';

/** What the dialog around the view can do: Escape and the close button cancel. */
export type ElicitationViewHandle = { cancel(): void };

/** Props of `ElicitationView`; mount it with `key={request.id}` so each request starts fresh. */
export type ElicitationViewProps = {
  request: ElicitationRequest;
  summaryId: string;
  ref?: Ref<ElicitationViewHandle>;
};

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** Field names, each quoted, in a plain list: `“a”, “b”`. */
function quotedList(t: ReturnType<typeof useT>, names: readonly string[]): string {
  return names.map((name) => t('requests.quoted', { name })).join(t('requests.listSeparator'));
}

function SecretWarning({ server, labels }: { server: string; labels: string[] }): ReactNode {
  const t = useT();
  return (
    <div className="request-warning" role="alert">
      <p>
        <Message
          id="requests.elicitation.secret"
          values={{ server, fields: quotedList(t, labels), strong }}
        />
      </p>
    </div>
  );
}

type FormBodyProps = {
  server: string;
  form: ElicitForm;
  values: ElicitValues;
  errors: ElicitErrors;
  disabled: boolean;
  onChange: (values: ElicitValues) => void;
};

function FormBody({ server, form, values, errors, disabled, onChange }: FormBodyProps): ReactNode {
  const t = useT();
  const secrets = form.fields.filter((field) => field.secret).map((field) => field.label);
  const blocking = form.unsupported.filter((entry) => entry.required);
  return (
    <>
      {secrets.length > 0 ? <SecretWarning server={server} labels={secrets} /> : null}
      {form.fields.length === 0 && form.unsupported.length === 0 ? (
        <p className="muted">{t('requests.elicitation.nothingAsked')}</p>
      ) : (
        <ElicitationFields
          fields={form.fields}
          values={values}
          errors={errors}
          disabled={disabled}
          onChange={onChange}
        />
      )}
      {form.unsupported.length > 0 ? (
        <p className={blocking.length > 0 ? 'request-problem' : 'muted request-hint'}>
          {t('requests.elicitation.unsupported', {
            fields: quotedList(
              t,
              form.unsupported.map((entry) => entry.name),
            ),
            required: blocking.length > 0 ? 'yes' : 'no',
          })}
        </p>
      ) : null}
    </>
  );
}

/** The body and footer of the elicitation dialog for `request`. */
export function ElicitationView({ request, summaryId, ref }: ElicitationViewProps): ReactNode {
  const t = useT();
  const { send, error, answering, canAnswer, linked } = useRequestAnswer(request.id);
  const armed = useArmed(ARM_DELAY_MS);
  const body = useRef<HTMLDivElement>(null);
  const [focusTick, setFocusTick] = useState(0);
  const form = useMemo<ElicitForm>(
    () =>
      request.mode === 'form'
        ? describeElicitation(request.requestedSchema)
        : { fields: [], unsupported: [] },
    [request],
  );
  const openable = request.mode === 'form' || describeUrl(request.url).web;
  const [values, setValues] = useState(() => initialElicitValues(form.fields));
  const [errors, setErrors] = useState<ElicitErrors>({});
  const [tried, setTried] = useState(false);
  const blocked = form.unsupported.some((entry) => entry.required);

  const answer = (action: 'accept' | 'decline' | 'cancel', content?: ReturnType<typeof elicitContent>) =>
    void send(
      (host) =>
        host.invoke(
          'elicitation.answer',
          content ? { id: request.id, action, content } : { id: request.id, action },
        ),
      true,
    );

  useImperativeHandle(ref, () => ({ cancel: () => canAnswer && answer('cancel') }));

  useEffect(() => {
    if (focusTick === 0) return;
    const target = body.current?.querySelector('[aria-invalid="true"], [data-invalid] input');
    if (target instanceof HTMLElement) target.focus();
  }, [focusTick]);

  const change = (next: ElicitValues) => {
    setValues(next);
    if (tried) setErrors(validateElicitValues(form.fields, next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canAnswer || !armed || blocked || !openable) return;
    if (request.mode === 'url') {
      // In browser mode the host cannot open a browser: this tab opens it, the person having just agreed.
      if (!window.host) window.open(request.url, '_blank', 'noopener,noreferrer');
      return answer('accept');
    }
    const problems = validateElicitValues(form.fields, values);
    setTried(true);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFocusTick((tick) => tick + 1);
      return;
    }
    answer('accept', elicitContent(form.fields, values));
  };

  const problemCount = Object.keys(errors).length;
  return (
    <form className="request-elicitation" noValidate onSubmit={submit}>
      <div ref={body} className="dialog-body request-body">
        <ServerWho server={request.server} serverTitle={request.serverTitle} />
        <p id={summaryId} className="request-summary">
          <Message
            id="requests.elicitation.summary"
            values={{ server: request.server, mode: request.mode, strong }}
          />
        </p>
        {request.message.trim() ? (
          <section className="request-section">
            <p className="request-message-text">{request.message}</p>
          </section>
        ) : null}
        {request.mode === 'form' ? (
          <FormBody
            server={request.server}
            form={form}
            values={values}
            errors={errors}
            disabled={answering}
            onChange={change}
          />
        ) : (
          <UrlElicitation url={request.url} server={request.server} />
        )}
        {problemCount > 0 ? (
          <p className="request-problem" role="alert">
            {t('requests.elicitation.problems', { count: problemCount })}
          </p>
        ) : null}
        <AnswerStatus linked={linked} error={error} className="request-problem" />
      </div>
      <footer className="dialog-footer request-footer">
        <button type="button" disabled={!canAnswer} onClick={() => answer('cancel')}>
          {t('requests.elicitation.cancel')}
        </button>
        <span className="request-footer-gap" />
        <button type="button" className="danger" disabled={!canAnswer} onClick={() => answer('decline')}>
          {t('requests.elicitation.decline')}
        </button>
        <button type="submit" className="primary" disabled={!canAnswer || !armed || blocked || !openable}>
          {request.mode === 'url'
            ? t('requests.elicitation.openInBrowser')
            : t('requests.elicitation.submit')}
        </button>
      </footer>
    </form>
  );
}
