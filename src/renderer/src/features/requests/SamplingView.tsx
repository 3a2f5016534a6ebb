// One sampling request through its stages: approve (edited) → the model streams → review and send, or reject at any step.
import { type ReactNode, useId, useState } from 'react';
import type { SamplingRequest } from '../../../../shared/requests';
import { AnswerStatus } from '../../components/AnswerStatus';
import { hostWords } from '../../components/format';
import { Message, useT } from '../../i18n';
import { useModels, useSamplingText } from '../../store';
import { NoModelNotice, SamplingApproval } from './SamplingApproval';
import { ReviewToolCalls } from './SamplingTools';
import { ServerWho } from './ServerWho';
import { approveArgs, draftProblems, initialDraft, modelRefs, type SamplingDraft } from './samplingForm';
import { ARM_DELAY_MS, useArmed, useRequestAnswer } from './useRequestAnswer';

/** Props of `SamplingView`; mount it with `key={request.id}` so each request starts fresh. */
export type SamplingViewProps = { request: SamplingRequest; summaryId: string };

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

function Running({ request }: { request: SamplingRequest }): ReactNode {
  const t = useT();
  const text = useSamplingText(request.id);
  return (
    <section className="request-section">
      <h3 className="request-section-title">{t('requests.sampling.answering')}</h3>
      <div className="request-stream" role="status" aria-live="polite">
        {text || <span className="muted">{t('requests.sampling.firstWords')}</span>}
      </div>
      <p className="muted request-hint">{t('requests.sampling.wholeResponse', { server: request.server })}</p>
    </section>
  );
}

function Review({
  request,
  text,
  onChange,
  disabled,
}: {
  request: SamplingRequest;
  text: string;
  onChange: (text: string) => void;
  disabled: boolean;
}): ReactNode {
  const t = useT();
  const id = useId();
  const response = request.response;
  return (
    <section className="request-section">
      <ReviewToolCalls request={request} />
      <div className="request-field">
        <label htmlFor={id}>{t('requests.sampling.response')}</label>
        <textarea
          id={id}
          rows={Math.min(14, Math.max(4, text.split('\n').length + 1))}
          value={text}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <dl className="request-params">
        <dt>{t('requests.sampling.model')}</dt>
        <dd>{response?.model ?? t('requests.sampling.unknown')}</dd>
        <dt>{t('requests.sampling.stopReason')}</dt>
        <dd>{response?.stopReason ?? t('requests.sampling.unknown')}</dd>
      </dl>
      <p className="muted request-hint">{t('requests.sampling.reviewHint', { server: request.server })}</p>
    </section>
  );
}

/** The body and footer of the sampling dialog for `request`. */
export function SamplingView({ request, summaryId }: SamplingViewProps): ReactNode {
  const t = useT();
  const models = useModels();
  const { send, error, answering, canAnswer, linked } = useRequestAnswer(request.id);
  const armed = useArmed(ARM_DELAY_MS, request.stage);
  const [draftState, setDraft] = useState<SamplingDraft>(() => initialDraft(request, models));
  const [edited, setEdited] = useState<string | null>(null);
  const refs = modelRefs(models);
  const noModel = refs.length === 0;
  const draft = refs.includes(draftState.model)
    ? draftState
    : { ...draftState, model: initialDraft(request, models).model };
  const problems = draftProblems(draft, request, models);
  const { stage } = request;
  const approving = stage === 'approval' || (stage === 'running' && request.error !== undefined);
  const responseText = edited ?? request.response?.text ?? '';

  const approve = () => {
    if (problems.length > 0) return;
    void send((host) => host.invoke('sampling.approve', approveArgs(request, draft)), false);
  };
  const reject = () => void send((host) => host.invoke('sampling.reject', { id: request.id }), true);
  const sendResponse = () =>
    void send((host) => host.invoke('sampling.send', { id: request.id, text: responseText }), true);

  return (
    <>
      <div className="dialog-body request-body">
        <ServerWho server={request.server} serverTitle={request.serverTitle} />
        <p id={summaryId} className="request-summary">
          <Message
            id="requests.sampling.summary"
            values={{ stage: stage === 'review' ? 'review' : 'approve', server: request.server, strong }}
          />
        </p>
        {request.error ? (
          <div className="request-problem" role="alert">
            <p className="request-problem-detail">{hostWords(request.error, request.errorText)}</p>
            <p>{t('requests.sampling.retry')}</p>
          </div>
        ) : null}
        {approving && noModel ? <NoModelNotice /> : null}
        {approving ? (
          <SamplingApproval
            request={request}
            draft={draft}
            models={models}
            disabled={answering}
            onChange={setDraft}
          />
        ) : stage === 'running' ? (
          <Running request={request} />
        ) : (
          <Review request={request} text={responseText} onChange={setEdited} disabled={answering} />
        )}
        <AnswerStatus linked={linked} error={error} className="request-problem" />
      </div>
      <footer className="dialog-footer request-footer">
        <button type="button" className="danger" disabled={!canAnswer} onClick={reject}>
          {t('requests.sampling.reject')}
        </button>
        <span className="request-footer-gap">
          {approving && problems.length > 0 ? (
            <span className="request-footer-reason">{problems[0]}</span>
          ) : null}
        </span>
        {approving ? (
          <button
            type="button"
            className="primary"
            disabled={!canAnswer || !armed || problems.length > 0}
            onClick={approve}
          >
            {t('requests.sampling.approve')}
          </button>
        ) : stage === 'review' ? (
          <button type="button" className="primary" disabled={!canAnswer || !armed} onClick={sendResponse}>
            {t('requests.sampling.send')}
          </button>
        ) : null}
      </footer>
    </>
  );
}
