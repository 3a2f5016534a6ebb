// The approval step of a sampling request: what the server sent, and what the person may change before the model runs.
import { type ReactNode, useId } from 'react';
import type { ModelsView } from '../../../../shared/chat';
import type { SamplingRequest } from '../../../../shared/requests';
import { useFormat, useT } from '../../i18n';
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
  const t = useT();
  return (
    <div className="request-warning" role="alert">
      <p>{t('requests.sampling.noModel')}</p>
      <button
        type="button"
        className="small"
        onClick={() => {
          actions.requestsSetAside(true);
          actions.settingsOpened('models');
        }}
      >
        {t('requests.sampling.openModels')}
      </button>
    </div>
  );
}

function Parameters({ request }: { request: SamplingRequest }): ReactNode {
  const t = useT();
  const f = useFormat();
  const hints = hintNames(request);
  const prefs = request.modelPreferences;
  return (
    <section className="request-section">
      <h3 className="request-section-title">{t('requests.sampling.asksFor')}</h3>
      <dl className="request-params">
        <dt>{t('requests.sampling.context')}</dt>
        <dd>{includeContextText(request.includeContext)}</dd>
        <dt>{t('requests.sampling.maxTokens')}</dt>
        <dd>{f.number(request.maxTokens)}</dd>
        <dt>{t('requests.sampling.temperature')}</dt>
        <dd>
          {request.temperature === undefined
            ? t('requests.sampling.notGiven')
            : f.number(request.temperature, { maximumFractionDigits: 20 })}
        </dd>
        <dt>{t('requests.sampling.stopSequences')}</dt>
        <dd>
          {request.stopSequences?.length
            ? request.stopSequences.map((stop) => (
                <code key={stop} className="request-chip">
                  {JSON.stringify(stop)}
                </code>
              ))
            : t('requests.sampling.none')}
        </dd>
        <dt>{t('requests.sampling.modelHints')}</dt>
        <dd>
          {hints.length
            ? hints.map((hint) => (
                <code key={hint} className="request-chip">
                  {hint}
                </code>
              ))
            : t('requests.sampling.none')}
        </dd>
        <dt>{t('requests.sampling.costPriority')}</dt>
        <dd>{priorityText(prefs?.costPriority)}</dd>
        <dt>{t('requests.sampling.speedPriority')}</dt>
        <dd>{priorityText(prefs?.speedPriority)}</dd>
        <dt>{t('requests.sampling.intelligencePriority')}</dt>
        <dd>{priorityText(prefs?.intelligencePriority)}</dd>
      </dl>
    </section>
  );
}

/** The request's content and the editable draft. */
export function SamplingApproval({ request, draft, models, disabled, onChange }: ApprovalProps): ReactNode {
  const t = useT();
  const ids = useId();
  const part = (name: string) => `${ids}-${name}`;
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
        <label htmlFor={part('system')}>{t('requests.sampling.systemPrompt')}</label>
        <textarea
          id={part('system')}
          rows={Math.min(6, Math.max(2, draft.systemPrompt.split('\n').length))}
          placeholder={t('requests.sampling.systemPromptNone')}
          value={draft.systemPrompt}
          disabled={disabled}
          onChange={(event) => set({ systemPrompt: event.target.value })}
        />
      </div>
      <SamplingToolsSection request={request} />
      <Parameters request={request} />
      <section className="request-section request-run">
        <h3 className="request-section-title">{t('requests.sampling.howToRun')}</h3>
        {groups.length === 0 ? (
          <p className="muted request-hint">{t('requests.sampling.noModelYet')}</p>
        ) : (
          <div className="request-field">
            <label htmlFor={part('model')}>{t('requests.sampling.model')}</label>
            <select
              id={part('model')}
              value={draft.model}
              disabled={disabled}
              onChange={(event) => set({ model: event.target.value })}
            >
              {draft.model === '' ? (
                <option value="">{t('requests.sampling.chooseModelOption')}</option>
              ) : null}
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
          <label htmlFor={part('tokens')}>{t('requests.sampling.maxTokens')}</label>
          <input
            id={part('tokens')}
            type="number"
            min={1}
            max={request.maxTokens}
            step={1}
            value={draft.maxTokens}
            disabled={disabled}
            aria-invalid={tokensProblem ? true : undefined}
            aria-describedby={
              tokensProblem ? `${part('tokens-hint')} ${part('tokens-err')}` : part('tokens-hint')
            }
            onChange={(event) => set({ maxTokens: event.target.value })}
          />
          <p id={part('tokens-hint')} className="muted request-hint">
            {t('requests.sampling.tokensHint', { max: request.maxTokens })}
          </p>
          {tokensProblem ? (
            <p id={part('tokens-err')} className="request-field-error">
              {tokensProblem}
            </p>
          ) : null}
        </div>
        <div className="request-check">
          <input
            id={part('context')}
            type="checkbox"
            checked={draft.includeContext}
            disabled={disabled || !preview}
            aria-describedby={part('context-hint')}
            onChange={(event) => set({ includeContext: event.target.checked })}
          />
          <label htmlFor={part('context')}>{t('requests.sampling.includeContext')}</label>
        </div>
        <div id={part('context-hint')} className="request-context">
          {preview ? (
            <>
              <p className="muted request-hint">{t('requests.sampling.contextAdded')}</p>
              <pre className="request-preview">{preview}</pre>
              <p className="muted request-hint">{t('requests.sampling.contextOnly')}</p>
            </>
          ) : (
            <p className="muted request-hint">{t('requests.sampling.noContext')}</p>
          )}
        </div>
      </section>
    </>
  );
}
