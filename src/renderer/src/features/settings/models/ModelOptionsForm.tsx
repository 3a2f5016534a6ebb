// One model's own settings: its context window (where it is not known) and whether it thinks, with its budget or effort.
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  CONTEXT_WINDOW_RANGE,
  type ModelOptions,
  type ModelsView,
  THINKING_BUDGET_RANGE,
  THINKING_EFFORTS,
  type ThinkingEffort,
} from '../../../../../shared/chat';
import { contextWindow } from '../../../../../shared/contextWindow';
import { useCommand } from '../../../components/useCommand';
import { useT } from '../../../i18n';
import { actions } from '../../../store';
import { modelRefs } from './providerForm';

const EFFORT_LABELS: Record<ThinkingEffort, string> = {
  low: 'models.options.effort.low',
  medium: 'models.options.effort.medium',
  high: 'models.options.effort.high',
};

/** A whole number in `range`, empty for none; NaN when it is not one. */
function parseTokens(text: string, range: { min: number; max: number }): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text.replaceAll(',', ''));
  return Number.isInteger(value) && value >= range.min && value <= range.max ? value : Number.NaN;
}

function Fields({ models, model }: { models: ModelsView; model: string }): ReactNode {
  const t = useT();
  const saved: ModelOptions = models.options?.[model] ?? {};
  const type = models.providers.find((provider) => model.startsWith(`${provider.id}/`))?.type;
  const byEffort = type === 'openai' || type === 'openai-compatible';
  const [windowText, setWindowText] = useState(saved.contextWindow?.toString() ?? '');
  const [thinking, setThinking] = useState(saved.thinking?.on ?? false);
  const [budgetText, setBudgetText] = useState(saved.thinking?.budgetTokens?.toString() ?? '');
  const [effort, setEffort] = useState<ThinkingEffort | ''>(saved.thinking?.effort ?? '');
  const [done, setDone] = useState(false);
  const save = useCommand();
  const ids = { window: useId(), budget: useId(), effort: useId() };
  const window = parseTokens(windowText, CONTEXT_WINDOW_RANGE);
  const budget = parseTokens(budgetText, THINKING_BUDGET_RANGE);
  const known = contextWindow(model);
  const invalid = Number.isNaN(window) || Number.isNaN(budget);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    setDone(false);
    const options: ModelOptions = {
      ...(window === undefined ? {} : { contextWindow: window }),
      ...(thinking || saved.thinking
        ? {
            thinking: {
              on: thinking,
              ...(!byEffort && budget !== undefined ? { budgetTokens: budget } : {}),
              ...(byEffort && effort ? { effort } : {}),
            },
          }
        : {}),
    };
    const outcome = await save.run((host) => host.invoke('models.setOptions', { model, options }));
    if (!outcome.ok) return;
    actions.modelsChanged(outcome.value);
    setDone(true);
  };
  return (
    <form className="model-options" onSubmit={(event) => void submit(event)}>
      <label htmlFor={ids.window}>{t('models.options.window.label')}</label>
      <input
        id={ids.window}
        inputMode="numeric"
        value={windowText}
        aria-invalid={Number.isNaN(window)}
        placeholder={
          known ? t('models.options.window.known', { tokens: known }) : t('models.options.window.notKnown')
        }
        onChange={(event) => setWindowText(event.target.value)}
      />
      <p className={Number.isNaN(window) ? 'field-error' : 'muted hint'}>
        {Number.isNaN(window)
          ? t('models.options.wholeNumber', CONTEXT_WINDOW_RANGE)
          : t('models.options.window.hint')}
      </p>
      <label className="options-check">
        <input type="checkbox" checked={thinking} onChange={(event) => setThinking(event.target.checked)} />
        {t('models.options.thinking')}
      </label>
      {thinking && byEffort ? (
        <>
          <label htmlFor={ids.effort}>{t('models.options.effort.label')}</label>
          <select
            id={ids.effort}
            value={effort}
            onChange={(event) => setEffort(event.target.value as ThinkingEffort | '')}
          >
            <option value="">{t('models.options.providerDefault')}</option>
            {THINKING_EFFORTS.map((item) => (
              <option key={item} value={item}>
                {t(EFFORT_LABELS[item])}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {thinking && !byEffort ? (
        <>
          <label htmlFor={ids.budget}>{t('models.options.budget.label')}</label>
          <input
            id={ids.budget}
            inputMode="numeric"
            value={budgetText}
            aria-invalid={Number.isNaN(budget)}
            placeholder={t('models.options.providerDefault')}
            onChange={(event) => setBudgetText(event.target.value)}
          />
          {Number.isNaN(budget) ? (
            <p className="field-error">{t('models.options.wholeNumber', THINKING_BUDGET_RANGE)}</p>
          ) : null}
        </>
      ) : null}
      {save.error ? (
        <p className="field-error" role="alert">
          {save.error}
        </p>
      ) : null}
      <div className="chat-defaults-actions">
        {done ? <span role="status">{t('models.options.saved')}</span> : null}
        <button type="submit" className="primary" disabled={invalid || save.pending}>
          {t('models.options.save')}
        </button>
      </div>
    </form>
  );
}

/** Pick a model, then change what is set for it. */
export function ModelOptionsForm({ models }: { models: ModelsView }): ReactNode {
  const t = useT();
  const refs = modelRefs(models.providers);
  const [model, setModel] = useState(
    models.default && refs.includes(models.default) ? models.default : (refs[0] ?? ''),
  );
  const id = useId();
  if (refs.length === 0) return null;
  return (
    <div className="provider-field">
      <h3>{t('models.options.title')}</h3>
      <label htmlFor={id}>{t('models.options.model')}</label>
      <select id={id} value={model} onChange={(event) => setModel(event.target.value)}>
        {refs.map((ref) => (
          <option key={ref} value={ref}>
            {ref}
          </option>
        ))}
      </select>
      <Fields key={model} models={models} model={model} />
    </div>
  );
}
