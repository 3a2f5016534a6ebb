// Add provider / Edit provider: the form, checked with the contract's schema, saved through `models.putProvider`.
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { ProviderType, ProviderView } from '../../../../../shared/chat';
import { Dialog } from '../../../components/Dialog';
import { useCommand } from '../../../components/useCommand';
import { useT } from '../../../i18n';
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
  typeOptions,
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
  const t = useT();
  const id = useId();
  /** The id of one part of this form, for labels and descriptions. */
  const at = (part: string) => `${id}-${part}`;
  const [form, setForm] = useState<ProviderForm>(() => (editing ? formFromProvider(editing) : emptyForm()));
  const [tried, setTried] = useState(false);
  const save = useCommand();
  const connection = useProviderTest();
  const check = checkForm(form, takenIds, editing?.id);
  const errors = tried && !check.ok ? check.errors : {};
  const dirty = editing ? JSON.stringify(form) !== JSON.stringify(formFromProvider(editing)) : true;

  const set = (field: Exclude<FormField, 'type'>) => (value: string) => setForm({ ...form, [field]: value });
  const described = (field: FormField, hint?: string) =>
    errors[field] ? at(`${field}-error`) : hint ? at(`${field}-hint`) : undefined;

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

  const keyHint =
    editing?.key.source === 'stored' ? t('models.dialog.keyHintStored') : t('models.dialog.keyHintNew');

  const footer = (
    <>
      <button type="button" onClick={onClose}>
        {t('models.dialog.cancel')}
      </button>
      <button type="submit" form={at('form')} className="primary" disabled={save.pending}>
        {save.pending ? t('models.dialog.saving') : t('models.dialog.save')}
      </button>
    </>
  );

  return (
    <Dialog
      title={editing ? t('models.dialog.editTitle') : t('models.dialog.addTitle')}
      onClose={onClose}
      footer={footer}
      wide
    >
      <form id={at('form')} className="provider-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="provider-field">
          <label htmlFor={at('id')}>{t('models.dialog.id')}</label>
          <input
            id={at('id')}
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
            <FieldError id={at('id-error')} text={errors.id} />
          ) : (
            <p id={at('id-hint')} className="muted hint">
              {t('models.dialog.idHint', { id: form.id.trim() || 'ollama' })}
            </p>
          )}
        </div>
        <div className="provider-field">
          <label htmlFor={at('type')}>{t('models.dialog.type')}</label>
          <select
            id={at('type')}
            value={form.type}
            onChange={(event) => setForm(withType(form, event.target.value as ProviderType))}
          >
            {typeOptions().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="provider-field">
          <label htmlFor={at('url')}>{t('models.dialog.baseUrl')}</label>
          <input
            id={at('url')}
            type="url"
            value={form.baseURL}
            spellCheck={false}
            autoComplete="off"
            list={form.type === 'openai-compatible' ? at('presets') : undefined}
            placeholder={BASE_URL_DEFAULT[form.type] || 'http://127.0.0.1:11434/v1'}
            aria-invalid={errors.baseURL ? true : undefined}
            aria-describedby={described('baseURL', 'hint')}
            onChange={(event) => set('baseURL')(event.target.value)}
          />
          <datalist id={at('presets')}>
            {COMPATIBLE_PRESETS.map((preset) => (
              <option key={preset.url} value={preset.url} label={preset.label} />
            ))}
          </datalist>
          {errors.baseURL ? (
            <FieldError id={at('baseURL-error')} text={errors.baseURL} />
          ) : (
            <p id={at('baseURL-hint')} className="muted hint">
              {form.type === 'openai-compatible'
                ? t('models.dialog.baseUrlPresets', {
                    ollama: COMPATIBLE_PRESETS[0].url,
                    lmStudio: COMPATIBLE_PRESETS[1].url,
                    vllm: COMPATIBLE_PRESETS[2].url,
                    openRouter: COMPATIBLE_PRESETS[3].url,
                  })
                : t('models.dialog.baseUrlHint')}
            </p>
          )}
        </div>
        <div className="provider-field">
          <label htmlFor={at('key')}>{t('models.dialog.apiKey')}</label>
          <input
            id={at('key')}
            type="password"
            value={form.apiKey}
            spellCheck={false}
            autoComplete="new-password"
            placeholder={editing?.key.source === 'stored' ? t('models.dialog.keepKey') : ''}
            aria-invalid={errors.apiKey ? true : undefined}
            aria-describedby={described('apiKey', 'hint')}
            onChange={(event) => set('apiKey')(event.target.value)}
          />
          {errors.apiKey ? (
            <FieldError id={at('apiKey-error')} text={errors.apiKey} />
          ) : (
            <p id={at('apiKey-hint')} className="muted hint">
              {editing ? t('models.dialog.keyNow', { state: keyState(editing), hint: keyHint }) : keyHint}
            </p>
          )}
        </div>
        <div className="provider-field">
          <label htmlFor={at('env')}>{t('models.dialog.env')}</label>
          <input
            id={at('env')}
            type="text"
            value={form.apiKeyEnv}
            spellCheck={false}
            autoComplete="off"
            // i18n-ignore: an environment variable's name, the same in every language
            placeholder="OPENAI_API_KEY"
            aria-invalid={errors.apiKeyEnv ? true : undefined}
            aria-describedby={described('apiKeyEnv', 'hint')}
            onChange={(event) => set('apiKeyEnv')(event.target.value)}
          />
          {errors.apiKeyEnv ? (
            <FieldError id={at('apiKeyEnv-error')} text={errors.apiKeyEnv} />
          ) : (
            <p id={at('apiKeyEnv-hint')} className="muted hint">
              {t('models.dialog.envHint')}
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
              {t('models.dialog.test')}
            </button>
            <span className="muted hint">
              {editing
                ? dirty
                  ? t('models.dialog.testDirty')
                  : t('models.dialog.testSaved')
                : t('models.dialog.testSaveFirst')}
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
            {t('models.dialog.invalid')}
          </p>
        ) : null}
        {save.error ? (
          <p className="field-error" role="alert">
            {t('models.dialog.saveError', { error: save.error })}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
