// One pending tool call: who asks, what the tool claims, what changed, the editable arguments and the three answers.
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import type { ConsentDecision, ConsentRequest } from '../../../../shared/chat';
import { HostCallError } from '../../../../shared/contract';
import type { Json } from '../../../../shared/types';
import { useHost } from '../../api';
import { AnswerStatus } from '../../components/AnswerStatus';
import { describeError } from '../../components/format';
import { JsonEditor } from '../../components/JsonEditor';
import { actions, useConsentAnswering, useLink } from '../../store';
import { toolDisplayName } from '../tools/toolList';
import { createArgsValidator } from './argsValidation';
import { DefinitionDiff } from './DefinitionDiff';
import { HintBadges } from './HintBadges';
import { argsText, editorHeight, inlineIconSrc } from './requestText';

/** How long the allow buttons stay disabled after a request appears, so a click meant for the last one cannot land here. */
export const ARM_DELAY_MS = 600;

function useArmed(delay: number): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return armed;
}

/** Props of `ConsentRequestView`; mount it with `key={request.id}` so each request starts fresh. */
export type ConsentRequestViewProps = { request: ConsentRequest; summaryId: string };

/** The body and footer of the consent dialog for `request`. */
export function ConsentRequestView({ request, summaryId }: ConsentRequestViewProps): ReactNode {
  const host = useHost();
  const linked = useLink() === 'connected';
  const answering = useConsentAnswering() === request.id;
  const armed = useArmed(ARM_DELAY_MS);
  const { tool } = request;
  const [initial] = useState(() => argsText(request.args));
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const validate = useMemo(() => createArgsValidator(tool.inputSchema), [tool.inputSchema]);
  const check = useMemo(() => validate(text), [validate, text]);
  const errorsId = useId();
  const shownName = toolDisplayName(tool);
  const iconSrc = inlineIconSrc(request.serverIcon);
  const selfTitle = request.serverTitle?.trim();

  const answer = async (decision: ConsentDecision): Promise<void> => {
    if (answering) return;
    let args: Json | undefined;
    if (decision !== 'deny') {
      if (!check.ok) return;
      args = check.value;
    }
    setError(null);
    actions.consentAnswering(request.id);
    try {
      await host.invoke(
        'consent.answer',
        args === undefined ? { id: request.id, decision } : { id: request.id, decision, args },
      );
      actions.consentAnswered(request.id);
    } catch (caught) {
      if (caught instanceof HostCallError && caught.code === 'not_found') {
        actions.consentSettled({ id: request.id, reason: 'cancelled' });
        return;
      }
      actions.consentAnswering(null);
      setError(describeError(caught));
    }
  };

  const canAnswer = linked && !answering;
  const canAllow = canAnswer && armed && check.ok;

  return (
    <>
      <div className="dialog-body consent-body">
        <div className="consent-who">
          {iconSrc ? <img className="consent-icon" src={iconSrc} alt="" width={32} height={32} /> : null}
          <div className="consent-who-text">
            <p className="consent-server">{request.server}</p>
            {selfTitle && selfTitle !== request.server ? (
              <p className="muted consent-self-title">calls itself “{selfTitle}”</p>
            ) : null}
          </div>
        </div>
        <p id={summaryId} className="consent-summary">
          {request.viaView ? (
            <>
              The view of <strong>{request.viaView}</strong>, shown by the server{' '}
              <strong>{request.server}</strong>, wants to run the tool <strong>{shownName}</strong>
            </>
          ) : (
            <>
              The server <strong>{request.server}</strong> wants to run the tool <strong>{shownName}</strong>
            </>
          )}
          {shownName !== tool.name ? (
            <>
              {' '}
              (<code>{tool.name}</code>)
            </>
          ) : null}
          .
        </p>
        {tool.description ? (
          <section className="consent-section" aria-label="Tool description from the server">
            <p className="consent-description">{tool.description}</p>
          </section>
        ) : (
          <p className="muted">The server gives no description of this tool.</p>
        )}
        <HintBadges annotations={tool.annotations} />
        {request.changed ? <DefinitionDiff change={request.changed} /> : null}
        <section className="consent-section consent-args">
          <h3 className="consent-section-title">Arguments</h3>
          <p className="muted consent-hint-text">
            What the call will send. You can edit it before you allow it; the change applies to this call
            only.
          </p>
          <JsonEditor
            value={text}
            onChange={setText}
            schema={tool.inputSchema}
            height={editorHeight(initial)}
            ariaLabel="Arguments"
          />
          {check.ok ? (
            check.note ? (
              <p className="muted consent-hint-text">{check.note}</p>
            ) : null
          ) : (
            <div id={errorsId} className="consent-problems" role="alert">
              <p>These arguments cannot be sent. Fix them, or deny the call:</p>
              <ul>
                {check.errors.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
        </section>
        <p className="muted consent-hint-text">
          “Always allow” lets {tool.name} on {request.server} run later without asking, until its definition
          changes or you revoke it in Settings → Permissions.
        </p>
        <AnswerStatus
          linked={linked}
          error={error ? `Your answer did not reach the host: ${error} Try again.` : null}
          className="consent-problems"
        />
      </div>
      <footer className="dialog-footer consent-footer">
        <button type="button" className="danger" disabled={!canAnswer} onClick={() => void answer('deny')}>
          Deny
        </button>
        <span className="consent-footer-gap">
          {check.ok ? null : (
            <span className="consent-footer-reason">Fix the arguments to allow this call.</span>
          )}
        </span>
        <button
          type="button"
          disabled={!canAllow}
          aria-describedby={check.ok ? undefined : errorsId}
          onClick={() => void answer('always')}
        >
          Always allow
        </button>
        <button
          type="button"
          className="primary"
          disabled={!canAllow}
          aria-describedby={check.ok ? undefined : errorsId}
          onClick={() => void answer('once')}
        >
          Allow once
        </button>
      </footer>
    </>
  );
}
