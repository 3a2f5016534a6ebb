// The provider's models: one per line, plus "Load models" that offers what a saved provider lists.
import { type ReactNode, useId, useState } from 'react';
import type { ProviderTest } from '../../../../../shared/chat';
import { hostWords } from '../../../components/format';
import { useT } from '../../../i18n';
import { ProviderTestResult, useProviderTest } from './ProviderTestResult';
import { parseModelLines, toggleModel } from './providerForm';

/** Props of `ModelsField`; `savedId` is the provider as saved (absent for a new one). */
export type ModelsFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  savedId?: string;
};

const FILTER_FROM = 12;

/** A textarea of model ids with the provider's own list offered as checkboxes once loaded. */
export function ModelsField({ value, onChange, error, savedId }: ModelsFieldProps): ReactNode {
  const t = useT();
  const id = useId();
  /** The id of one part of this form, for labels and descriptions. */
  const at = (part: string) => `${id}-${part}`;
  const { test, result, pending, error: loadError } = useProviderTest();
  const [offered, setOffered] = useState<string[] | null>(null);
  const [filter, setFilter] = useState('');
  const chosen = new Set(parseModelLines(value));
  const shown = (offered ?? []).filter((model) => model.toLowerCase().includes(filter.trim().toLowerCase()));

  const load = async (): Promise<void> => {
    if (!savedId) return;
    const answer = await test(savedId);
    setOffered(answer?.ok && answer.models ? answer.models : null);
  };

  return (
    <div className="provider-field">
      <label htmlFor={at('models')}>{t('models.field.label')}</label>
      <textarea
        id={at('models')}
        className="provider-models-text"
        rows={5}
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? at('error') : at('hint')}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={at('error')} className="field-error">
          {error}
        </p>
      ) : (
        <p id={at('hint')} className="muted hint">
          {t('models.field.hint')}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          disabled={!savedId || pending}
          title={savedId ? undefined : t('models.field.loadTitle')}
          onClick={() => void load()}
        >
          {t('models.field.load')}
        </button>
        {!savedId ? <span className="muted hint">{t('models.field.saveFirst')}</span> : null}
      </div>
      <ProviderTestResult
        result={describeLoad(result, t)}
        pending={pending}
        error={loadError}
        pendingText={t('models.field.loading')}
      />
      {offered ? (
        <fieldset className="provider-offered">
          <legend>{t('models.field.offered', { count: offered.length })}</legend>
          {offered.length >= FILTER_FROM ? (
            <input
              type="search"
              aria-label={t('models.field.filterLabel')}
              placeholder={t('models.field.filter')}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          ) : null}
          <ul className="provider-offered-list">
            {shown.map((model) => (
              <li key={model}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.has(model)}
                    onChange={(event) => onChange(toggleModel(value, model, event.target.checked))}
                  />{' '}
                  {model}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}

function describeLoad(result: ProviderTest | null, t: ReturnType<typeof useT>): ProviderTest | null {
  if (!result?.ok) return result;
  const count = result.models?.length ?? 0;
  if (count === 0)
    return {
      ok: true,
      message: t('models.field.noList', { message: hostWords(result.message, result.text) }),
    };
  return { ok: true, message: t('models.field.listed', { count }) };
}
