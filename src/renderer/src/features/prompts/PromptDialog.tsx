// The arguments form of a prompt: one field per argument, server suggestions where it can complete, Insert fetches.
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { CompletionResult, ContextItem } from '../../../../shared/resources';
import type { PromptArgumentView } from '../../../../shared/types';
import { useHost } from '../../api';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
import { useServer } from '../../store';
import { isWorkspaceServer, NoFoldersNotice } from '../welcome/NoFoldersNotice';
import { CompletionInput } from './CompletionInput';
import { hasCapability, type PromptEntry, promptLabel } from './catalog';
import { fetchPrompt } from './fetchPrompt';
import './prompts.css';

/** The filled values, without empty ones. */
function filled(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

function ArgumentField({
  argument,
  value,
  invalid,
  autoFocus,
  onChange,
  complete,
}: {
  argument: PromptArgumentView;
  value: string;
  invalid: boolean;
  autoFocus: boolean;
  onChange: (value: string) => void;
  complete?: (value: string) => Promise<CompletionResult>;
}): ReactNode {
  const id = useId();
  const descriptionId = `${id}-description`;
  const label = argument.title?.trim() || argument.name;
  return (
    <div className="prompt-field">
      <div className="prompt-field-head">
        <label htmlFor={id}>{label}</label>
        {argument.required ? (
          <span className="prompt-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {argument.description ? (
        <p id={descriptionId} className="prompt-field-description">
          {argument.description}
        </p>
      ) : null}
      <CompletionInput
        id={id}
        value={value}
        onChange={onChange}
        complete={complete}
        required={argument.required}
        invalid={invalid}
        autoFocus={autoFocus}
        describedBy={argument.description ? descriptionId : undefined}
      />
    </div>
  );
}

/** Asks for the prompt's arguments; `onInserted` gets the fetched prompt as context for the next message. */
export function PromptDialog({
  entry,
  onClose,
  onInserted,
}: {
  entry: PromptEntry;
  onClose: () => void;
  onInserted: (item: ContextItem) => void;
}): ReactNode {
  const t = useT();
  const host = useHost();
  const view = useServer(entry.server);
  const canComplete = hasCapability(view, 'completions');
  const formId = useId();
  const args = entry.prompt.arguments ?? [];
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const { run, pending, error } = useCommand();

  const completer = (name: string) => (value: string) =>
    host.invoke('completion.complete', {
      server: entry.server,
      ref: { type: 'ref/prompt', name: entry.prompt.name },
      argument: { name, value },
      context: filled({ ...values, [name]: '' }),
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const absent = args
      .filter((arg) => arg.required && !(values[arg.name] ?? '').trim())
      .map((arg) => arg.name);
    setMissing(absent);
    if (absent.length > 0) return;
    const outcome = await run((client) => fetchPrompt(client, entry, filled(values)));
    if (!outcome.ok) return;
    onInserted(outcome.value);
    onClose();
  };

  const missingLabels = args
    .filter((arg) => missing.includes(arg.name))
    .map((arg) => arg.title?.trim() || arg.name);
  return (
    <Dialog
      title={promptLabel(entry.prompt)}
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose}>
            {t('prompts.dialog.cancel')}
          </button>
          <button type="submit" form={formId} className="primary" disabled={pending}>
            {pending ? t('prompts.dialog.inserting') : t('prompts.dialog.insert')}
          </button>
        </>
      }
    >
      <form id={formId} className="prompt-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p className="prompt-form-source muted">
          <Message
            id="prompts.dialog.from"
            values={{ server: entry.server, strong: (chunks) => <strong>{chunks}</strong> }}
          />
          {entry.prompt.title ? (
            <>
              {' '}
              · <code>{entry.prompt.name}</code>
            </>
          ) : null}
        </p>
        {entry.prompt.description ? (
          <p className="prompt-form-description">{entry.prompt.description}</p>
        ) : null}
        {isWorkspaceServer(view) ? (
          <NoFoldersNotice what={t('prompts.dialog.noFiles', { server: entry.server })} />
        ) : null}
        {args.map((arg, index) => (
          <ArgumentField
            key={arg.name}
            argument={arg}
            value={values[arg.name] ?? ''}
            invalid={missing.includes(arg.name)}
            autoFocus={index === 0}
            onChange={(value) => {
              setValues((current) => ({ ...current, [arg.name]: value }));
              if (value.trim()) setMissing((current) => current.filter((name) => name !== arg.name));
            }}
            complete={canComplete ? completer(arg.name) : undefined}
          />
        ))}
        {args.some((arg) => arg.required) ? (
          <p className="prompt-form-note muted">
            <Message
              id="prompts.dialog.required"
              values={{ star: (chunks) => <span aria-hidden="true">{chunks}</span> }}
            />
          </p>
        ) : null}
        {missingLabels.length > 0 ? (
          <p className="inline-error" role="alert">
            {t('prompts.dialog.missing', {
              names: missingLabels.join(t('prompts.listSeparator')),
              count: missingLabels.length,
            })}
          </p>
        ) : null}
        {error ? (
          <p className="inline-error" role="alert">
            {t('prompts.dialog.rejected', { error })}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
