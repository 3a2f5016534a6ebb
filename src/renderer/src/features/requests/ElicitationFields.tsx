// Inputs for an elicitation form: one per field, labelled by its title or name, with its description and problem.
import { type ReactNode, useId } from 'react';
import { ownValue, withName } from '../../../../shared/nameRecord';
import { useT } from '../../i18n';
import type { ElicitErrors, ElicitField, ElicitValue, ElicitValues } from './elicitationFields';
import { inputType } from './elicitationFields';

type FieldsProps = {
  fields: ElicitField[];
  values: ElicitValues;
  errors: ElicitErrors;
  disabled: boolean;
  onChange: (values: ElicitValues) => void;
};

type FieldProps = {
  id: string;
  field: ElicitField;
  value: ElicitValue;
  error?: string;
  disabled: boolean;
  onChange: (value: ElicitValue) => void;
};

/** The id of one part of a field: its description, error, legend or option. */
function part(id: string, name: string): string {
  return `${id}-${name}`;
}

function Required({ field }: { field: ElicitField }): ReactNode {
  const t = useT();
  return field.required ? (
    <span className="request-required" aria-hidden="true" title={t('requests.field.requiredMark')}>
      *
    </span>
  ) : null;
}

function Notes({ id, field, error }: { id: string; field: ElicitField; error?: string }): ReactNode {
  return (
    <>
      {field.description ? (
        <p id={part(id, 'desc')} className="request-field-description">
          {field.description}
        </p>
      ) : null}
      {error ? (
        <p id={part(id, 'err')} className="request-field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

function describedBy(id: string, field: ElicitField, error?: string): string | undefined {
  return (
    [field.description && part(id, 'desc'), error && part(id, 'err')].filter(Boolean).join(' ') || undefined
  );
}

function MultiField({ id, field, value, error, disabled, onChange }: FieldProps): ReactNode {
  const chosen = Array.isArray(value) ? value : [];
  const toggle = (option: string, on: boolean) =>
    onChange(
      on
        ? [...chosen, option].filter((v, i, all) => all.indexOf(v) === i)
        : chosen.filter((v) => v !== option),
    );
  return (
    <fieldset
      className="request-field request-group"
      aria-labelledby={part(id, 'legend')}
      aria-describedby={describedBy(id, field, error)}
      data-invalid={error ? true : undefined}
    >
      <legend className="request-field-head">
        <span id={part(id, 'legend')}>{field.label}</span>
        <Required field={field} />
      </legend>
      {field.options.map((option, index) => (
        <div key={option.value} className="request-check">
          <input
            id={part(id, `o${index}`)}
            type="checkbox"
            checked={chosen.includes(option.value)}
            disabled={disabled}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />
          <label htmlFor={part(id, `o${index}`)}>{option.label}</label>
        </div>
      ))}
      <Notes id={id} field={field} error={error} />
    </fieldset>
  );
}

function Field(props: FieldProps): ReactNode {
  const t = useT();
  const { id, field, value, error, disabled, onChange } = props;
  if (field.kind === 'multi') return <MultiField {...props} />;
  const common = {
    id,
    name: field.name,
    disabled,
    'aria-required': field.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, field, error),
  };
  const text = typeof value === 'string' ? value : '';
  const label = <label htmlFor={id}>{field.label}</label>;
  if (field.kind === 'boolean') {
    return (
      <div className="request-field">
        <div className="request-check">
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          {label}
          <Required field={field} />
        </div>
        <Notes id={id} field={field} error={error} />
      </div>
    );
  }
  let input: ReactNode;
  if (field.kind === 'select') {
    input = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">{field.required ? t('requests.field.choose') : t('requests.field.noChoice')}</option>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    const numeric = field.kind === 'number' || field.kind === 'integer';
    input = (
      <input
        {...common}
        type={inputType(field)}
        inputMode={numeric && field.secret ? 'numeric' : undefined}
        min={numeric ? field.minimum : undefined}
        max={numeric ? field.maximum : undefined}
        step={field.kind === 'integer' ? 1 : numeric ? 'any' : undefined}
        minLength={field.minLength}
        maxLength={field.maxLength}
        autoComplete={field.secret ? 'off' : undefined}
        spellCheck={field.kind === 'text' && !field.secret && !field.format}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className="request-field">
      <div className="request-field-head">
        {label}
        <Required field={field} />
        {field.label.toLowerCase() !== field.name.toLowerCase() ? (
          <code className="request-field-name">{field.name}</code>
        ) : null}
      </div>
      {input}
      <Notes id={id} field={field} error={error} />
    </div>
  );
}

/** Every field of the form; the caller owns the values, the checks and the buttons. */
export function ElicitationFields({ fields, values, errors, disabled, onChange }: FieldsProps): ReactNode {
  const prefix = useId();
  return (
    <div className="request-form">
      {fields.map((field, index) => (
        <Field
          key={field.name}
          id={part(prefix, `f${index}`)}
          field={field}
          value={ownValue(values, field.name) ?? field.initial}
          error={ownValue(errors, field.name)}
          disabled={disabled}
          onChange={(value) => onChange(withName(values, field.name, value))}
        />
      ))}
    </div>
  );
}
