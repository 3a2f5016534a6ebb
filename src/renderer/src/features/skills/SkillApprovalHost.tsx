// Mount once: the oldest skill the model asked to load that waits for the person: what it is, where from, what changed.
import type { ReactNode } from 'react';
import type { SkillAnswer, SkillApprovalRequest } from '../../../../shared/skills';
import { QueuedDecision } from '../../components/DecisionDialog';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
import { actions, useSkillCount, useSkillHead, useSkillNotice } from '../../store';
import { SkillContents, SkillNotes } from './SkillDetails';
import '../consent/consent.css';
import './skills.css';

function SkillQuestion({
  request,
  summaryId,
}: {
  request: SkillApprovalRequest;
  summaryId: string;
}): ReactNode {
  const t = useT();
  const { run, pending, error } = useCommand();
  const { skill } = request;
  const answer = (value: SkillAnswer) => {
    actions.skillAnswering(request.id);
    void run((host) => host.invoke('skills.answer', { id: request.id, answer: value }));
  };
  const lasting = skill.files !== 'dynamic' && !request.otherOrigins;
  return (
    <>
      <div className="dialog-body consent-body">
        <p id={summaryId} className="consent-summary">
          <Message
            id="skills.ask.summary"
            values={{
              label: skill.label,
              server: skill.server,
              strong: (chunks) => <strong>{chunks}</strong>,
            }}
          />
        </p>
        {request.otherOrigins ? (
          <p className="notice">
            {t('skills.ask.otherOrigins', {
              servers: request.otherOrigins.join(t('skills.listSeparator')),
              server: skill.server,
            })}
          </p>
        ) : null}
        {skill.description ? <p>{skill.description}</p> : null}
        <SkillNotes skill={skill} />
        <SkillContents skill={skill} />
        {error ? (
          <p className="inline-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <footer className="dialog-footer consent-footer">
        <button type="button" disabled={pending} onClick={() => answer('deny')}>
          {t('skills.ask.refuse')}
        </button>
        <span className="consent-footer-gap" />
        <button
          type="button"
          className={lasting ? undefined : 'primary'}
          disabled={pending}
          onClick={() => answer('once')}
        >
          {t('skills.ask.once')}
        </button>
        {lasting ? (
          <button type="button" className="primary" disabled={pending} onClick={() => answer('approve')}>
            {t('skills.approve')}
          </button>
        ) : null}
      </footer>
    </>
  );
}

/** Renders nothing while no skill waits for the person. */
export function SkillApprovalHost(): ReactNode {
  const t = useT();
  return (
    <QueuedDecision
      head={useSkillHead()}
      count={useSkillCount()}
      notice={useSkillNotice()}
      clearNotice={actions.skillNoticeCleared}
      title={(request) =>
        request ? t('skills.ask.title', { label: request.skill.label }) : t('skills.ask.fallbackTitle')
      }
      className="consent-dialog"
      render={(request, summaryId) => (
        <SkillQuestion key={request.id} request={request} summaryId={summaryId} />
      )}
    />
  );
}
