// A resource template's form: a field per URI-template variable (with server suggestions), Open reads the expanded URI.
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import type { ResourceTemplateView } from '../../../../shared/types';
import { useHost } from '../../api';
import { Dialog } from '../../components/Dialog';
import { Message, useT } from '../../i18n';
import { actions, useServer } from '../../store';
import { CompletionInput } from '../prompts/CompletionInput';
import { hasCapability } from '../prompts/catalog';
import { expandTemplate, type TemplateValue, templateFields } from './uriTemplate';

function TemplateField({
  name,
  required,
  value,
  invalid,
  autoFocus,
  onChange,
  complete,
}: {
  name: string;
  required: boolean;
  value: string;
  invalid: boolean;
  autoFocus: boolean;
  onChange: (value: string) => void;
  complete?: Parameters<typeof CompletionInput>[0]['complete'];
}): ReactNode {
  const id = useId();
  return (
    <div className="prompt-field">
      <div className="prompt-field-head">
        <label htmlFor={id}>{name}</label>
        {required ? (
          <span className="prompt-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <CompletionInput
        id={id}
        value={value}
        onChange={onChange}
        complete={complete}
        required={required}
        invalid={invalid}
        autoFocus={autoFocus}
      />
    </div>
  );
}

/** Opens as a dialog named by the template's name. */
export function TemplateDialog({
  server,
  template,
  onClose,
}: {
  server: string;
  template: ResourceTemplateView;
  onClose: () => void;
}): ReactNode {
  const t = useT();
  const host = useHost();
  const canComplete = hasCapability(useServer(server), 'completions');
  const formId = useId();
  const fields = useMemo(() => templateFields(template.uriTemplate), [template.uriTemplate]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);

  const expanded = useMemo(() => {
    const given: Record<string, TemplateValue> = {};
    for (const [name, value] of Object.entries(values)) if (value !== '') given[name] = value;
    return expandTemplate(template.uriTemplate, given);
  }, [template.uriTemplate, values]);

  const completer = (name: string) => (value: string) =>
    host.invoke('completion.complete', {
      server,
      ref: { type: 'ref/resource', uri: template.uriTemplate },
      argument: { name, value },
      context: Object.fromEntries(
        Object.entries(values).filter(([key, text]) => key !== name && text !== ''),
      ),
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const absent = fields
      .filter((field) => field.required && !(values[field.name] ?? ''))
      .map((field) => field.name);
    setMissing(absent);
    if (absent.length > 0) return;
    actions.resourceSelected({ server, uri: expanded, name: template.title?.trim() || template.name });
    onClose();
  };

  return (
    <Dialog
      title={template.name}
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose}>
            {t('resources.template.cancel')}
          </button>
          <button type="submit" form={formId} className="primary">
            {t('resources.template.open')}
          </button>
        </>
      }
    >
      <form id={formId} className="prompt-form" onSubmit={onSubmit} noValidate>
        <p className="prompt-form-source muted">
          <Message
            id="resources.template.from"
            values={{
              server,
              template: template.uriTemplate,
              strong: (chunks) => <strong>{chunks}</strong>,
              code: (chunks) => <code className="selectable">{chunks}</code>,
            }}
          />
        </p>
        {template.description ? <p className="prompt-form-description">{template.description}</p> : null}
        {fields.length === 0 ? <p className="muted">{t('resources.template.noVariables')}</p> : null}
        {fields.map((field, index) => (
          <TemplateField
            key={field.name}
            name={field.name}
            required={field.required}
            value={values[field.name] ?? ''}
            invalid={missing.includes(field.name)}
            autoFocus={index === 0}
            onChange={(value) => {
              setValues((current) => ({ ...current, [field.name]: value }));
              if (value) setMissing((current) => current.filter((name) => name !== field.name));
            }}
            complete={canComplete ? completer(field.name) : undefined}
          />
        ))}
        <p className="template-uri">
          <span className="muted">{t('resources.template.opens')}</span>
          <output form={formId} className="selectable">
            {expanded}
          </output>
        </p>
        {missing.length > 0 ? (
          <p className="inline-error" role="alert">
            {t('resources.template.missing', { names: missing.join(t('resources.listSeparator')) })}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
