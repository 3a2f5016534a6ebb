// The approval step of a sampling request: what the server sent, and what the person may change before the model runs.
import { type ReactNode, useId } from 'react';
import type { ModelsView } from '../../../../shared/chat';
import type { SamplingRequest } from '../../../../shared/requests';
import { actions } from '../../store';
import { modelGroups } from '../chat/models';
import { SamplingMessages } from './SamplingMessages';
import { SamplingToolsSection } from './SamplingTools';
import {
  editText,
  hintNames,
  includeContextText,
  maxTokensProblem,
  priorityText,
  type SamplingDraft,
} from './samplingForm';

type ApprovalProps = {
  request: SamplingRequest;
  draft: SamplingDraft;
  models: ModelsView | null;
  disabled: boolean;
  onChange: (draft: SamplingDraft) => void;
};

/** Says no model is set up and offers the way to Settings → Models (the request waits meanwhile). */
export function NoModelNotice(): ReactNode {
  return (
    <div className="request-warning" role="alert">
      <p>
        No model is set up, so there is nothing to run this request with. Add a provider and a model first.
      </p>
      <button
        type="button"
        className="small"
        onClick={() => {
          actions.requestsSetAside(true);
          actions.settingsOpened('models');
        }}
      >
        Open Settings → Models
      </button>
    </div>
  );
}

function Parameters({ request }: { request: SamplingRequest }): ReactNode {
  const hints = hintNames(request);
  const prefs = request.modelPreferences;
  return (
    <section className="request-section">
      <h3 className="request-section-title">What the server asks for</h3>
      <dl className="request-params">
        <dt>Context</dt>
        <dd>{includeContextText(request.includeContext)}</dd>
        <dt>Max tokens</dt>
        <dd>{request.maxTokens}</dd>
        <dt>Temperature</dt>
        <dd>{request.temperature ?? 'not given'}</dd>
        <dt>Stop sequences</dt>
        <dd>
          {request.stopSequences?.length
            ? request.stopSequences.map((stop) => (
                <code key={stop} className="request-chip">
                  {JSON.stringify(stop)}
                </code>
              ))
            : 'none'}
        </dd>
        <dt>Model hints</dt>
        <dd>
          {hints.length
            ? hints.map((hint) => (
                <code key={hint} className="request-chip">
                  {hint}
                </code>
              ))
            : 'none'}
        </dd>
        <dt>Cost priority</dt>
        <dd>{priorityText(prefs?.costPriority)}</dd>
        <dt>Speed priority</dt>
        <dd>{priorityText(prefs?.speedPriority)}</dd>
        <dt>Intelligence priority</dt>
        <dd>{priorityText(prefs?.intelligencePriority)}</dd>
      </dl>
    </section>
  );
}

/** The request's content and the editable draft. */
export function SamplingApproval({ request, draft, models, disabled, onChange }: ApprovalProps): ReactNode {
  const ids = useId();
  const groups = modelGroups(models);
  const tokensProblem = maxTokensProblem(draft.maxTokens, request.maxTokens);
  const preview = request.contextPreview;
  const set = (patch: Partial<SamplingDraft>) => onChange({ ...draft, ...patch });

  return (
    <>
      <SamplingMessages
        messages={draft.messages}
        disabled={disabled}
        onEdit={(message, part, text) => onChange(editText(draft, message, part, text))}
      />
      <div className="request-field">
        <label htmlFor={`${ids}-system`}>System prompt</label>
        <textarea
          id={`${ids}-system`}
          rows={Math.min(6, Math.max(2, draft.systemPrompt.split('\n').length))}
          placeholder="None"
          value={draft.systemPrompt}
          disabled={disabled}
          onChange={(event) => set({ systemPrompt: event.target.value })}
        />
      </div>
      <SamplingToolsSection request={request} />
      <Parameters request={request} />
      <section className="request-section request-run">
        <h3 className="request-section-title">How to run it</h3>
        {groups.length === 0 ? (
          <p className="muted request-hint">No model is set up yet (see above).</p>
        ) : (
          <div className="request-field">
            <label htmlFor={`${ids}-model`}>Model</label>
            <select
              id={`${ids}-model`}
              value={draft.model}
              disabled={disabled}
              onChange={(event) => set({ model: event.target.value })}
            >
              {draft.model === '' ? <option value="">Choose a model</option> : null}
              {groups.map((group) => (
                <optgroup key={group.provider} label={group.provider}>
                  {group.refs.map((ref) => (
                    <option key={ref} value={ref}>
                      {ref}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
        )}
        <div className="request-field">
          <label htmlFor={`${ids}-tokens`}>Max tokens</label>
          <input
            id={`${ids}-tokens`}
            type="number"
            min={1}
            max={request.maxTokens}
            step={1}
            value={draft.maxTokens}
            disabled={disabled}
            aria-invalid={tokensProblem ? true : undefined}
            aria-describedby={`${ids}-tokens-hint${tokensProblem ? ` ${ids}-tokens-err` : ''}`}
            onChange={(event) => set({ maxTokens: event.target.value })}
          />
          <p id={`${ids}-tokens-hint`} className="muted request-hint">
            At most {request.maxTokens}, the server’s limit. You can only lower it.
          </p>
          {tokensProblem ? (
            <p id={`${ids}-tokens-err`} className="request-field-error">
              {tokensProblem}
            </p>
          ) : null}
        </div>
        <div className="request-check">
          <input
            id={`${ids}-context`}
            type="checkbox"
            checked={draft.includeContext}
            disabled={disabled || !preview}
            aria-describedby={`${ids}-context-hint`}
            onChange={(event) => set({ includeContext: event.target.checked })}
          />
          <label htmlFor={`${ids}-context`}>Include context</label>
        </div>
        <div id={`${ids}-context-hint`} className="request-context">
          {preview ? (
            <>
              <p className="muted request-hint">This would be added:</p>
              <pre className="request-preview">{preview}</pre>
              <p className="muted request-hint">
                Nothing else is added, and nothing at all unless you tick the box.
              </p>
            </>
          ) : (
            <p className="muted request-hint">
              There is no context to add: only the messages above are sent.
            </p>
          )}
        </div>
      </section>
    </>
  );
}
