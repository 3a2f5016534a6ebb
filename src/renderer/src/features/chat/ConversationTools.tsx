// The conversation's header tools: how full the model's context is, its own system prompt and temperature, Compact now,
// export.
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ChatDefaults } from '../../../../shared/chat';
import { useHost } from '../../api';
import { Dialog } from '../../components/Dialog';
import { describeError } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions, useChatOptions, useChatSummary, useLatestUsage, useModels } from '../../store';
import { CompactNow } from './CompactNow';
import { exportConversation } from './exportDownload';
import { currentModel } from './models';
import { contextFill } from './usageText';
import './conversationTools.css';

/** A meter of the context the model held after the latest reply, or nothing before the first reply. */
function ContextMeter({ id }: { id: string }): ReactNode {
  const t = useT();
  const latest = useLatestUsage(id);
  const models = useModels();
  const model = currentModel(useChatSummary(id)?.model, models) ?? latest?.model;
  const fill = contextFill(
    latest?.usage,
    model,
    model ? models?.options?.[model]?.contextWindow : undefined,
    t,
  );
  if (!fill) return null;
  return (
    <div className="context-meter" title={fill.detail}>
      {fill.percent !== undefined ? (
        <meter
          className={fill.percent >= 85 ? 'context-bar high' : 'context-bar'}
          aria-label={t('chat.context.label')}
          min={0}
          max={100}
          low={60}
          high={85}
          optimum={0}
          value={fill.percent}
          aria-valuetext={fill.label}
        />
      ) : null}
      <span className="context-label">
        {t('chat.context.text', { label: fill.label })}
        {fill.estimated ? <span className="context-estimate">{t('chat.context.estimated')}</span> : null}
      </span>
    </div>
  );
}

/** System prompt and temperature of this conversation; empty fields follow Settings → Chat. */
function OptionsDialog({ id, onClose }: { id: string; onClose: () => void }): ReactNode {
  const t = useT();
  const options = useChatOptions(id);
  const host = useHost();
  const [defaults, setDefaults] = useState<ChatDefaults | null>(null);
  const [ownPrompt, setOwnPrompt] = useState(options.systemPrompt !== undefined);
  const [prompt, setPrompt] = useState(options.systemPrompt ?? '');
  const [temperature, setTemperature] = useState(options.temperature?.toString() ?? '');
  const save = useCommand();
  const promptId = useId();
  const temperatureId = useId();

  useEffect(() => {
    host.invoke('chat.defaults', {}).then(setDefaults, () => setDefaults({}));
  }, [host]);

  const parsed = temperature.trim() === '' ? null : Number(temperature);
  const invalid = parsed !== null && (!Number.isFinite(parsed) || parsed < 0 || parsed > 2);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    const outcome = await save.run((client) =>
      client.invoke('chat.setOptions', { id, systemPrompt: ownPrompt ? prompt : null, temperature: parsed }),
    );
    if (!outcome.ok) return;
    actions.conversationLoaded(outcome.value);
    onClose();
  };
  const defaultPrompt = defaults?.systemPrompt;
  const defaultTemperature = defaults?.temperature;
  return (
    <Dialog title={t('chat.options.title')} onClose={onClose}>
      <form className="options-form" onSubmit={(event) => void submit(event)}>
        <label className="options-check">
          <input
            type="checkbox"
            checked={ownPrompt}
            onChange={(event) => setOwnPrompt(event.target.checked)}
          />
          {t('chat.options.ownPrompt')}
        </label>
        <label htmlFor={promptId} className="options-label">
          {t('chat.options.systemPrompt')}
        </label>
        <textarea
          id={promptId}
          rows={6}
          disabled={!ownPrompt}
          value={ownPrompt ? prompt : (defaultPrompt ?? '')}
          placeholder={ownPrompt ? t('chat.options.emptyPrompt') : t('chat.options.noDefaultPrompt')}
          onChange={(event) => setPrompt(event.target.value)}
        />
        {!ownPrompt ? <p className="muted options-hint">{t('chat.options.defaultApplies')}</p> : null}
        <label htmlFor={temperatureId} className="options-label">
          {t('chat.options.temperature')}
        </label>
        <input
          id={temperatureId}
          type="number"
          min={0}
          max={2}
          step={0.1}
          value={temperature}
          aria-invalid={invalid}
          placeholder={
            defaultTemperature === undefined
              ? t('chat.options.providerDefault')
              : t('chat.options.default', { value: defaultTemperature })
          }
          onChange={(event) => setTemperature(event.target.value)}
        />
        <p className={invalid ? 'inline-error options-hint' : 'muted options-hint'}>
          {invalid ? t('chat.options.temperatureInvalid') : t('chat.options.temperatureHint')}
        </p>
        {save.error ? (
          <p className="inline-error" role="alert">
            {save.error}
          </p>
        ) : null}
        <div className="options-actions">
          <button type="button" onClick={onClose}>
            {t('chat.action.cancel')}
          </button>
          <button type="submit" className="primary" disabled={save.pending || invalid}>
            {t('chat.action.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Export" with Markdown and JSON: the host saves (Electron) or the browser downloads. */
function ExportMenu({ id }: { id: string }): ReactNode {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const host = useHost();
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const run = async (format: 'markdown' | 'json') => {
    setOpen(false);
    setProblem(null);
    try {
      await exportConversation(host, id, format);
    } catch (error) {
      setProblem(t('chat.export.failed', { error: describeError(error) }));
    }
  };
  return (
    <div className="export-menu" ref={menu}>
      <button
        type="button"
        className="small"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.preventDefault();
            setOpen(false);
          }
        }}
      >
        {t('chat.export.button')}
      </button>
      {open ? (
        <div className="export-items" role="menu" aria-label={t('chat.export.button')}>
          <button type="button" role="menuitem" onClick={() => void run('markdown')}>
            {t('chat.export.markdown')}
          </button>
          <button type="button" role="menuitem" onClick={() => void run('json')}>
            {t('chat.export.json')}
          </button>
        </div>
      ) : null}
      {problem ? (
        <span className="inline-error" role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}

/** The tools at the right of a conversation's header. */
export function ConversationTools({ id, hasMessages }: { id: string; hasMessages: boolean }): ReactNode {
  const t = useT();
  const [options, setOptions] = useState(false);
  const own = useChatOptions(id);
  const custom = own.systemPrompt !== undefined || own.temperature !== undefined;
  return (
    <div className="conversation-tools">
      <ContextMeter id={id} />
      <button
        type="button"
        className="small"
        title={t('chat.options.buttonTitle')}
        onClick={() => setOptions(true)}
      >
        {custom ? t('chat.options.buttonCustom') : t('chat.options.button')}
      </button>
      {hasMessages ? <CompactNow id={id} /> : null}
      {hasMessages ? <ExportMenu id={id} /> : null}
      {options ? <OptionsDialog id={id} onClose={() => setOptions(false)} /> : null}
    </div>
  );
}
