// Add provider / Edit provider: the form, checked with the contract's schema, saved through `models.putProvider`.
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { ProviderType, ProviderView } from '../../../../../shared/chat';
import { Dialog } from '../../../components/Dialog';
import { useCommand } from '../../../components/useCommand';
import { actions } from '../../../store';
import { ModelsField } from './ModelsField';
import { ProviderTestResult, useProviderTest } from './ProviderTestResult';
import {
  BASE_URL_DEFAULT,
  COMPATIBLE_PRESETS,
  checkForm,
  emptyForm,
  type FormField,
  formFromProvider,
  keyState,
  type ProviderForm,
  TYPE_OPTIONS,
  withType,
} from './providerForm';

/** Props of `ProviderDialog`; `editing` is the saved provider, absent to add one. */
export type ProviderDialogProps = { editing?: ProviderView; takenIds: string[]; onClose: () => void };

function FieldError({ id, text }: { id: string; text?: string }): ReactNode {
  return text ? (
    <p id={id} className="field-error">
      {text}
    </p>
  ) : null;
}

/** The provider form in a dialog; the key is write-only: the saved one is only ever shown masked. */
export function ProviderDialog({ editing, takenIds, onClose }: ProviderDialogProps): ReactNode {
  const id = useId();
  const [form, setForm] = useState<ProviderForm>(() => (editing ? formFromProvider(editing) : emptyForm()));
  const [tried, setTried] = useState(false);
  const save = useCommand();
  const connection = useProviderTest();
  const check = checkForm(form, takenIds, editing?.id);
  const errors = tried && !check.ok ? check.errors : {};
  const dirty = editing ? JSON.stringify(form) !== JSON.stringify(formFromProvider(editing)) : true;

  const set = (field: Exclude<FormField, 'type'>) => (value: string) => setForm({ ...form, [field]: value });
  const described = (field: FormField, hint?: string) =>
    errors[field] ? `${id}-${field}-error` : hint ? `${id}-${field}-hint` : undefined;

  const submit = async (event?: FormEvent): Promise<void> => {
    event?.preventDefault();
    setTried(true);
    if (!check.ok || save.pending) return;
    const { provider, apiKey } = check;
    const outcome = await save.run((host) =>
      host.invoke('models.putProvider', {
        provider,
        ...(apiKey ? { apiKey } : {}),
        ...(editing ? { previousId: editing.id } : {}),
      }),
    );
    if (!outcome.ok) return;
    actions.modelsChanged(outcome.value);
    onClose();
  };

  const footer = (
    <>
      <button type="button" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={`${id}-form`} className="primary" disabled={save.pending}>
        {save.pending ? 'Saving…' : 'Save'}
      </button>
    </>
  );

  return (
    <Dialog title={editing ? 'Edit provider' : 'Add provider'} onClose={onClose} footer={footer} wide>
      <form id={`${id}-form`} className="provider-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="provider-field">
          <label htmlFor={`${id}-id`}>Id</label>
          <input
            id={`${id}-id`}
            type="text"
            value={form.id}
            autoFocus
            spellCheck={false}
            autoComplete="off"
            aria-invalid={errors.id ? true : undefined}
            aria-describedby={described('id', 'hint')}
            onChange={(event) => set('id')(event.target.value)}
          />
          {errors.id ? (
            <FieldError id={`${id}-id-error`} text={errors.id} />
          ) : (
            <p id={`${id}-id-hint`} className="muted hint">
              Models are named id/model, like {form.id.trim() || 'ollama'}/llama3.2.
            </p>
          )}
        </div>
        <div className="provider-field">
          <label htmlFor={`${id}-type`}>Type</label>
          <select
            id={`${id}-type`}
            value={form.type}
            onChange={(event) => setForm(withType(form, event.target.value as ProviderType))}
          >
            {TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="provider-field">
          <label htmlFor={`${id}-url`}>Base URL</label>
          <input
            id={`${id}-url`}
            type="url"
            value={form.baseURL}
            spellCheck={false}
            autoComplete="off"
            list={form.type === 'openai-compatible' ? `${id}-presets` : undefined}
            placeholder={BASE_URL_DEFAULT[form.type] || 'http://127.0.0.1:11434/v1'}
            aria-invalid={errors.baseURL ? true : undefined}
            aria-describedby={described('baseURL', 'hint')}
            onChange={(event) => set('baseURL')(event.target.value)}
          />
          <datalist id={`${id}-presets`}>
            {COMPATIBLE_PRESETS.map((preset) => (
              <option key={preset.url} value={preset.url} label={preset.label} />
            ))}
          </datalist>
          {errors.baseURL ? (
            <FieldError id={`${id}-baseURL-error`} text={errors.baseURL} />
          ) : (
            <p id={`${id}-baseURL-hint`} className="muted hint">
              {form.type === 'openai-compatible'
                ? `Ollama ${COMPATIBLE_PRESETS[0].url}, LM Studio ${COMPATIBLE_PRESETS[1].url}, vLLM ${COMPATIBLE_PRESETS[2].url}, OpenRouter ${COMPATIBLE_PRESETS[3].url}.`
                : 'Leave empty to use the provider’s own address.'}
            </p>
          )}
        </div>
        <div className="provider-field">
          <label htmlFor={`${id}-key`}>API key</label>
          <input
            id={`${id}-key`}
            type="password"
            value={form.apiKey}
            spellCheck={false}
            autoComplete="new-password"
            placeholder={editing?.key.source === 'stored' ? 'Leave empty to keep the stored key' : ''}
            aria-invalid={errors.apiKey ? true : undefined}
            aria-describedby={described('apiKey', 'hint')}
            onChange={(event) => set('apiKey')(event.target.value)}
          />
          {errors.apiKey ? (
            <FieldError id={`${id}-apiKey-error`} text={errors.apiKey} />
          ) : (
            <p id={`${id}-apiKey-hint`} className="muted hint">
              {editing ? `Now: ${keyState(editing)}. ` : ''}
              {editing?.key.source === 'stored'
                ? 'Type a new key to replace it; empty keeps it.'
                : 'Stored by the host and never shown again. Local servers usually need none.'}
            </p>
          )}
        </div>
        <div className="provider-field">
          <label htmlFor={`${id}-env`}>Or: environment variable with the key</label>
          <input
            id={`${id}-env`}
            type="text"
            value={form.apiKeyEnv}
            spellCheck={false}
            autoComplete="off"
            placeholder="OPENAI_API_KEY"
            aria-invalid={errors.apiKeyEnv ? true : undefined}
            aria-describedby={described('apiKeyEnv', 'hint')}
            onChange={(event) => set('apiKeyEnv')(event.target.value)}
          />
          {errors.apiKeyEnv ? (
            <FieldError id={`${id}-apiKeyEnv-error`} text={errors.apiKeyEnv} />
          ) : (
            <p id={`${id}-apiKeyEnv-hint`} className="muted hint">
              Read from the host’s environment when no key is stored here.
            </p>
          )}
        </div>
        <ModelsField
          value={form.models}
          onChange={set('models')}
          error={errors.models}
          savedId={editing?.id}
        />
        <div className="provider-field">
          <div className="button-row">
            <button
              type="button"
              disabled={!editing || connection.pending}
              onClick={() => editing && void connection.test(editing.id)}
            >
              Test connection
            </button>
            <span className="muted hint">
              {editing
                ? dirty
                  ? 'Tests the saved settings; save your changes first to test them.'
                  : 'Tests the saved settings.'
                : 'Save the provider first to test it.'}
            </span>
          </div>
          <ProviderTestResult
            result={connection.result}
            pending={connection.pending}
            error={connection.error}
          />
        </div>
        {tried && !check.ok ? (
          <p className="field-error" role="alert">
            Some fields need attention before the provider can be saved.
          </p>
        ) : null}
        {save.error ? (
          <p className="field-error" role="alert">
            The provider could not be saved: {save.error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
