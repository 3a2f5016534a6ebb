// Settings → Chat: the system prompt and temperature for conversations that do not set their own, and how much of a
// tool result the model reads.
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { DEFAULT_TOOL_RESULT_TOKENS, TOOL_RESULT_TOKENS_RANGE } from '../../../../shared/chat';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import './settings-models.css';

export function ChatSettings(): ReactNode {
  const host = useHost();
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState('');
  const [temperature, setTemperature] = useState('');
  const [limit, setLimit] = useState('');
  const [saved, setSaved] = useState(false);
  const save = useCommand();
  const title = useId();
  const promptId = useId();
  const temperatureId = useId();
  const limitId = useId();

  useEffect(() => {
    host.invoke('chat.defaults', {}).then(
      (defaults) => {
        setPrompt(defaults.systemPrompt ?? '');
        setTemperature(defaults.temperature?.toString() ?? '');
        setLimit(defaults.toolResultTokens?.toString() ?? '');
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
      }),
    );
    if (outcome.ok) setSaved(true);
  };

  return (
    <div className="settings-stack">
      <section className="settings-panel" aria-labelledby={title}>
        <header className="settings-panel-header">
          <h2 id={title}>Chat defaults</h2>
        </header>
        <p className="muted hint">
          Every conversation uses these unless it sets its own (Options, at the top of a conversation).
        </p>
        {loadError ? (
          <p className="field-error" role="alert">
            Could not load the defaults: {loadError}
          </p>
        ) : null}
        <form className="chat-defaults" onSubmit={(event) => void submit(event)}>
          <label htmlFor={promptId}>Default system prompt</label>
          <textarea
            id={promptId}
            rows={6}
            value={prompt}
            disabled={!loaded}
            placeholder="None: the model gets no system prompt"
            onChange={(event) => {
              setPrompt(event.target.value);
              setSaved(false);
            }}
          />
          <label htmlFor={temperatureId}>Default temperature</label>
          <input
            id={temperatureId}
            type="number"
            min={0}
            max={2}
            step={0.1}
            value={temperature}
            disabled={!loaded}
            aria-invalid={invalid}
            placeholder="The provider's default"
            onChange={(event) => {
              setTemperature(event.target.value);
              setSaved(false);
            }}
          />
          <p className={invalid ? 'field-error' : 'muted hint'}>
            {invalid
              ? 'A temperature is a number from 0 to 2.'
              : 'From 0 (focused) to 2 (varied). Empty: the provider decides.'}
          </p>
          <label htmlFor={limitId}>Longest tool result the model reads at once (tokens)</label>
          <input
            id={limitId}
            type="number"
            min={TOOL_RESULT_TOKENS_RANGE.min}
            max={TOOL_RESULT_TOKENS_RANGE.max}
            step={250}
            value={limit}
            disabled={!loaded}
            aria-invalid={invalidLimit}
            placeholder={DEFAULT_TOOL_RESULT_TOKENS.toLocaleString('en')}
            onChange={(event) => {
              setLimit(event.target.value);
              setSaved(false);
            }}
          />
          <p className={invalidLimit ? 'field-error' : 'muted hint'}>
            {invalidLimit
              ? `A whole number from ${TOOL_RESULT_TOKENS_RANGE.min.toLocaleString('en')} to ${TOOL_RESULT_TOKENS_RANGE.max.toLocaleString('en')}.`
              : `About four characters make a token. A longer result is kept whole: the model gets its start and reads on by its id. Empty: ${DEFAULT_TOOL_RESULT_TOKENS.toLocaleString('en')}.`}
          </p>
          {save.error ? (
            <p className="field-error" role="alert">
              {save.error}
            </p>
          ) : null}
          <div className="chat-defaults-actions">
            {saved ? <span role="status">Saved.</span> : null}
            <button
              type="submit"
              className="primary"
              disabled={!loaded || invalid || invalidLimit || save.pending}
            >
              Save defaults
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
