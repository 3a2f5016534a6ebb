// The provider's models: one per line, plus "Load models" that offers what a saved provider lists.
import { type ReactNode, useId, useState } from 'react';
import type { ProviderTest } from '../../../../../shared/chat';
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
  const id = useId();
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
      <label htmlFor={`${id}-models`}>Models (one per line)</label>
      <textarea
        id={`${id}-models`}
        className="provider-models-text"
        rows={5}
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="muted hint">
          Model ids as the provider names them, like claude-sonnet-4-5 or llama3.2.
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          disabled={!savedId || pending}
          title={savedId ? undefined : 'Save the provider first, then load its models.'}
          onClick={() => void load()}
        >
          Load models
        </button>
        {!savedId ? <span className="muted hint">Save the provider first to load its models.</span> : null}
      </div>
      <ProviderTestResult
        result={describeLoad(result)}
        pending={pending}
        error={loadError}
        pendingText="Loading models…"
      />
      {offered ? (
        <fieldset className="provider-offered">
          <legend>Models the provider offers ({offered.length})</legend>
          {offered.length >= FILTER_FROM ? (
            <input
              type="search"
              aria-label="Filter offered models"
              placeholder="Filter"
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

function describeLoad(result: ProviderTest | null): ProviderTest | null {
  if (!result?.ok) return result;
  const count = result.models?.length ?? 0;
  if (count === 0)
    return { ok: true, message: `${result.message} It did not list its models; enter them by hand.` };
  return { ok: true, message: `The provider lists ${count} models; tick the ones to use.` };
}
