// The provider form's pure side: types and their defaults, form ↔ provider, and checks in plain words.
import type { z } from 'zod';
import { PROVIDER_TYPES, type ProviderType, type ProviderView } from '../../../../../shared/chat';
import { providerInputSchema } from '../../../../../shared/contract';
import { translate } from '../../../i18n';

export type ProviderInput = z.infer<typeof providerInputSchema>;

/** The form's fields, all as the person typed them. */
export type ProviderForm = {
  id: string;
  type: ProviderType;
  baseURL: string;
  /** A new key; empty keeps the stored one. */
  apiKey: string;
  apiKeyEnv: string;
  /** One model per line. */
  models: string;
};

export type FormField = keyof ProviderForm;

/** A type as the form's select names it, e.g. `OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter…)`. */
export function typeLabel(type: ProviderType): string {
  if (type === 'anthropic') return 'Anthropic';
  if (type === 'openai') return 'OpenAI';
  if (type === 'google') return 'Google (Gemini)';
  return translate('models.type.openaiCompatible');
}

/** A type in a few words, for the providers table: `OpenAI-compatible`, `Google`. */
export function typeShortLabel(type: ProviderType): string {
  if (type === 'anthropic') return 'Anthropic';
  if (type === 'openai') return 'OpenAI';
  if (type === 'google') return 'Google';
  return translate('models.type.openaiCompatibleShort');
}

/** The type select's options, in the page's language. */
export function typeOptions(): { value: ProviderType; label: string }[] {
  return PROVIDER_TYPES.map((type) => ({ value: type, label: typeLabel(type) }));
}

/** What the base URL field starts with for a type ('' leaves the provider's own default). */
export const BASE_URL_PREFILL: Record<ProviderType, string> = {
  anthropic: '',
  openai: '',
  'openai-compatible': 'http://127.0.0.1:11434/v1',
  google: '',
};

/** The address a type uses when the base URL is left empty (shown as the field's placeholder). */
export const BASE_URL_DEFAULT: Record<ProviderType, string> = {
  anthropic: 'https://api.anthropic.com/v1',
  openai: 'https://api.openai.com/v1',
  'openai-compatible': '',
  google: 'https://generativelanguage.googleapis.com/v1beta',
};

/** Well-known OpenAI-compatible servers, offered as suggestions for the base URL. */
export const COMPATIBLE_PRESETS = [
  { label: 'Ollama', url: 'http://127.0.0.1:11434/v1' },
  { label: 'LM Studio', url: 'http://127.0.0.1:1234/v1' },
  { label: 'vLLM', url: 'http://127.0.0.1:8000/v1' },
  { label: 'OpenRouter', url: 'https://openrouter.ai/api/v1' },
] as const;

/** A blank form for a new provider. */
export function emptyForm(type: ProviderType = 'openai-compatible'): ProviderForm {
  return { id: '', type, baseURL: BASE_URL_PREFILL[type], apiKey: '', apiKeyEnv: '', models: '' };
}

/** The form for editing a saved provider (its key is never here, only whether it has one). */
export function formFromProvider(view: ProviderView): ProviderForm {
  return {
    id: view.id,
    type: view.type,
    baseURL: view.baseURL ?? '',
    apiKey: '',
    apiKeyEnv: view.apiKeyEnv ?? '',
    models: view.models.join('\n'),
  };
}

/** Switches the type; a base URL that was empty or the old type's prefill follows the new type. */
export function withType(form: ProviderForm, type: ProviderType): ProviderForm {
  const untouched = form.baseURL.trim() === '' || form.baseURL === BASE_URL_PREFILL[form.type];
  return { ...form, type, baseURL: untouched ? BASE_URL_PREFILL[type] : form.baseURL };
}

/** The model ids in the text: trimmed, blank lines dropped, each once. */
export function parseModelLines(text: string): string[] {
  return [...new Set(text.split('\n').map((line) => line.trim()))].filter((line) => line !== '');
}

/** The text with `model` added (at the end) or removed. */
export function toggleModel(text: string, model: string, on: boolean): string {
  const models = parseModelLines(text).filter((line) => line !== model);
  if (on) models.push(model);
  return models.join('\n');
}

/** How the key stands: `stored (sk-…abcd)`, `from $ENV`, or `none`. */
export function keyState(view: Pick<ProviderView, 'key' | 'apiKeyEnv'>): string {
  if (view.key.source === 'stored')
    return view.key.masked
      ? translate('models.key.storedMasked', { masked: view.key.masked })
      : translate('models.key.stored');
  if (view.key.source === 'env') return translate('models.key.fromEnv', { env: view.apiKeyEnv ?? '?' });
  return view.apiKeyEnv
    ? translate('models.key.noneUnset', { env: view.apiKeyEnv })
    : translate('models.key.none');
}

export type FormCheck =
  | { ok: true; provider: ProviderInput; apiKey?: string }
  | { ok: false; errors: Partial<Record<FormField, string>> };

function fieldMessage(field: FormField, form: ProviderForm): string {
  switch (field) {
    case 'id':
      if (form.id.trim() === '') return translate('models.check.idEmpty');
      if (form.id.trim().length > 40) return translate('models.check.idTooLong');
      return translate('models.check.idCharacters');
    case 'baseURL':
      return translate('models.check.baseUrl');
    case 'apiKeyEnv':
      return translate('models.check.apiKeyEnv');
    case 'models':
      return translate('models.check.models');
    default:
      return translate('models.check.field');
  }
}

/** Checks the form with the contract's own schema; on success gives what `models.putProvider` takes. */
export function checkForm(form: ProviderForm, takenIds: readonly string[], previousId?: string): FormCheck {
  const candidate = {
    id: form.id.trim(),
    type: form.type,
    models: parseModelLines(form.models),
    ...(form.baseURL.trim() ? { baseURL: form.baseURL.trim() } : {}),
    ...(form.apiKeyEnv.trim() ? { apiKeyEnv: form.apiKeyEnv.trim() } : {}),
  };
  const errors: Partial<Record<FormField, string>> = {};
  const parsed = providerInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in form && !errors[field as FormField])
        errors[field as FormField] = fieldMessage(field as FormField, form);
    }
  }
  if (!errors.id && candidate.id !== previousId && takenIds.includes(candidate.id))
    errors.id = translate('models.check.idTaken', { id: candidate.id });
  if (!errors.baseURL && form.type === 'openai-compatible' && !candidate.baseURL)
    errors.baseURL = translate('models.check.baseUrlNeeded');
  const apiKey = form.apiKey.trim();
  if (apiKey.length > 1000) errors.apiKey = translate('models.check.keyTooLong');
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return apiKey ? { ok: true, provider: parsed.data, apiKey } : { ok: true, provider: parsed.data };
}

/** Every model as `provider/model`, for the default model select. */
export function modelRefs(providers: readonly ProviderView[]): string[] {
  return providers.flatMap((provider) => provider.models.map((model) => `${provider.id}/${model}`));
}
