// One input of the schema form, shaped by its field's kind, with its label, hint and error.
import type { ReactNode } from 'react';
import { compilePattern } from '../../../shared/jsonSchema';
import { type MessageValues, useT } from '../i18n';
import { asText, type FieldSpec, type FieldValue } from './schemaFields';

/** Says so when the field's pattern cannot be used: the value is then not held back by it. */
function patternNote(field: FieldSpec, t: (id: string, values?: MessageValues) => string): string {
  if (field.kind !== 'string' || field.pattern === undefined || compilePattern(field.pattern)) return '';
  return t('common.schema.badPattern', { pattern: field.pattern });
}

type SchemaFieldProps = {
  id: string;
  field: FieldSpec;
  value: FieldValue | undefined;
  error?: string;
  onChange: (value: FieldValue) => void;
};

/** One field of the form: its label, its input (by kind), its hint and its error. */
export function SchemaField({ id, field, value, error, onChange }: SchemaFieldProps): ReactNode {
  const t = useT();
  const hint = [
    field.description,
    field.kind === 'list' ? t('common.schema.onePerLine') : '',
    patternNote(field, t),
  ]
    .filter(Boolean)
    .join(' ');
  const descriptionId = `${id}-desc`;
  const errorId = `${id}-err`;
  const describedBy = [hint && descriptionId, error && errorId].filter(Boolean).join(' ');
  const classes = `schema-field schema-field-${field.kind}`;
  const common = {
    id,
    name: field.name,
    'aria-required': field.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  const label = (
    <span className="schema-field-head">
      <label htmlFor={id} className="schema-field-label">
        {field.label}
      </label>
      {field.required && (
        <span className="schema-field-required" aria-hidden="true">
          *
        </span>
      )}
      {field.label !== field.name && <code className="schema-field-name">{field.name}</code>}
    </span>
  );
  let input: ReactNode;
  if (field.kind === 'boolean') {
    input = (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  } else if (field.kind === 'enum') {
    input = (
      <select {...common} value={asText(value)} onChange={(e) => onChange(e.target.value)}>
        <option value="">{field.required ? t('common.schema.choose') : t('common.schema.notSet')}</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'list') {
    input = (
      <textarea
        {...common}
        rows={3}
        value={asText(value)}
        onChange={(e) => onChange(e.target.value.split('\n'))}
      />
    );
  } else {
    const numeric = field.kind !== 'string';
    input = (
      <input
        {...common}
        type="text"
        inputMode={field.kind === 'integer' ? 'numeric' : numeric ? 'decimal' : undefined}
        autoComplete="off"
        spellCheck={!numeric}
        value={asText(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className={classes}>
      {field.kind === 'boolean' ? (
        <div className="schema-field-check">
          {input}
          {label}
        </div>
      ) : (
        <>
          {label}
          {input}
        </>
      )}
      {hint && (
        <p id={descriptionId} className="schema-field-description">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="schema-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
