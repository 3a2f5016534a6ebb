// Settings → Chat: the system prompt and temperature for conversations that do not set their own, how much of a
// tool result the model reads, and the language it replies in.
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import {
  DEFAULT_TOOL_RESULT_TOKENS,
  REPLY_LANGUAGES,
  type ReplyLanguage,
  TOOL_RESULT_TOKENS_RANGE,
} from '../../../../shared/chat';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { LOCALE_NAMES, useFormat, useT } from '../../i18n';
import './settings-models.css';

export function ChatSettings(): ReactNode {
  const t = useT();
  const f = useFormat();
  const host = useHost();
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [temperature, setTemperature] = useState('');
  const [limit, setLimit] = useState('');
  const [replyIn, setReplyIn] = useState<ReplyLanguage | ''>('');
  const [saved, setSaved] = useState(false);
  const save = useCommand();
  const title = useId();
  const promptId = useId();
  const temperatureId = useId();
  const limitId = useId();
  const replyId = useId();

  useEffect(() => {
    host.invoke('chat.defaults', {}).then(
      (defaults) => {
        setPrompt(defaults.systemPrompt ?? '');
        setTemperature(defaults.temperature?.toString() ?? '');
        setLimit(defaults.toolResultTokens?.toString() ?? '');
        setReplyIn(defaults.replyLanguage ?? '');
        setLoaded(true);
      },
      (error: unknown) => setLoadError(describeError(error)),
    );
  }, [host]);

  const parsed = temperature.trim() === '' ? undefined : Number(temperature);
  const invalid = parsed !== undefined && (!Number.isFinite(parsed) || parsed < 0 || parsed > 2);
  const parsedLimit = limit.trim() === '' ? undefined : Number(limit);
  const invalidLimit =
    parsedLimit !== undefined &&
    (!Number.isInteger(parsedLimit) ||
      parsedLimit < TOOL_RESULT_TOKENS_RANGE.min ||
      parsedLimit > TOOL_RESULT_TOKENS_RANGE.max);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || invalidLimit) return;
    setSaved(false);
    const outcome = await save.run((client) =>
      client.invoke('chat.setDefaults', {
        ...(prompt.trim() ? { systemPrompt: prompt } : {}),
        ...(parsed === undefined ? {} : { temperature: parsed }),
        ...(parsedLimit === undefined ? {} : { toolResultTokens: parsedLimit }),
        ...(replyIn ? { replyLanguage: replyIn } : {}),
      }),
    );
    if (outcome.ok) setSaved(true);
  };

  return (
    <div className="settings-stack">
      <section className="settings-panel" aria-labelledby={title}>
        <header className="settings-panel-header">
          <h2 id={title}>{t('settings.chat.title')}</h2>
        </header>
        <p className="muted hint">{t('settings.chat.hint')}</p>
        {loadError ? (
          <p className="field-error" role="alert">
            {t('settings.chat.loadError', { error: loadError })}
          </p>
        ) : null}
        <form className="chat-defaults" onSubmit={(event) => void submit(event)}>
          <label htmlFor={promptId}>{t('settings.chat.prompt.label')}</label>
          <textarea
            id={promptId}
            rows={6}
            value={prompt}
            disabled={!loaded}
            placeholder={t('settings.chat.prompt.placeholder')}
            onChange={(event) => {
              setPrompt(event.target.value);
              setSaved(false);
            }}
          />
          <label htmlFor={replyId}>{t('settings.chat.replyIn.label')}</label>
          <select
            id={replyId}
            value={replyIn}
            disabled={!loaded}
            onChange={(event) => {
              const next = event.target.value;
              setReplyIn(REPLY_LANGUAGES.find((language) => language === next) ?? '');
              setSaved(false);
            }}
          >
            <option value="">{t('settings.chat.replyIn.asWritten')}</option>
            {REPLY_LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LOCALE_NAMES[language]}
              </option>
            ))}
          </select>
          <p className="muted hint">{t('settings.chat.replyIn.hint')}</p>
          <label htmlFor={temperatureId}>{t('settings.chat.temperature.label')}</label>
          <input
            id={temperatureId}
            type="number"
            min={0}
            max={2}
            step={0.1}
            value={temperature}
            disabled={!loaded}
            aria-invalid={invalid}
            placeholder={t('settings.chat.temperature.placeholder')}
            onChange={(event) => {
              setTemperature(event.target.value);
              setSaved(false);
            }}
          />
          <p className={invalid ? 'field-error' : 'muted hint'}>
            {invalid ? t('settings.chat.temperature.invalid') : t('settings.chat.temperature.hint')}
          </p>
          <label htmlFor={limitId}>{t('settings.chat.limit.label')}</label>
          <input
            id={limitId}
            type="number"
            min={TOOL_RESULT_TOKENS_RANGE.min}
            max={TOOL_RESULT_TOKENS_RANGE.max}
            step={250}
            value={limit}
            disabled={!loaded}
            aria-invalid={invalidLimit}
            placeholder={f.number(DEFAULT_TOOL_RESULT_TOKENS)}
            onChange={(event) => {
              setLimit(event.target.value);
              setSaved(false);
            }}
          />
          <p className={invalidLimit ? 'field-error' : 'muted hint'}>
            {invalidLimit
              ? t('settings.chat.limit.invalid', TOOL_RESULT_TOKENS_RANGE)
              : t('settings.chat.limit.hint', { tokens: DEFAULT_TOOL_RESULT_TOKENS })}
          </p>
          {save.error ? (
            <p className="field-error" role="alert">
              {save.error}
            </p>
          ) : null}
          <div className="chat-defaults-actions">
            {saved ? <span role="status">{t('settings.chat.saved')}</span> : null}
            <button
              type="submit"
              className="primary"
              disabled={!loaded || invalid || invalidLimit || save.pending}
            >
              {t('settings.chat.save')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
