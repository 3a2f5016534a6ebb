// Mount once: the oldest skill the model asked to load that waits for the person: what it is, where from, what changed.
import type { ReactNode } from 'react';
import type { SkillAnswer, SkillApprovalRequest } from '../../../../shared/skills';
import { QueuedDecision } from '../../components/DecisionDialog';
import { useCommand } from '../../components/useCommand';
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
          The model asks to load the skill <strong>{skill.label}</strong> from <strong>{skill.server}</strong>
          . Its text goes to the model as written by that server, not by you.
        </p>
        {request.otherOrigins ? (
          <p className="notice">
            This conversation already acts on skills of {request.otherOrigins.join(', ')}. Loading this one
            brings in a second server, {skill.server}: you are asked each time.
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
          Refuse
        </button>
        <span className="consent-footer-gap" />
        <button
          type="button"
          className={lasting ? undefined : 'primary'}
          disabled={pending}
          onClick={() => answer('once')}
        >
          Load once
        </button>
        {lasting ? (
          <button type="button" className="primary" disabled={pending} onClick={() => answer('approve')}>
            Approve
          </button>
        ) : null}
      </footer>
    </>
  );
}

/** Renders nothing while no skill waits for the person. */
export function SkillApprovalHost(): ReactNode {
  return (
    <QueuedDecision
      head={useSkillHead()}
      count={useSkillCount()}
      notice={useSkillNotice()}
      clearNotice={actions.skillNoticeCleared}
      title={(request) => (request ? `Load the skill ${request.skill.label}?` : 'Skills waiting for you')}
      className="consent-dialog"
      render={(request, summaryId) => (
        <SkillQuestion key={request.id} request={request} summaryId={summaryId} />
      )}
    />
  );
}
