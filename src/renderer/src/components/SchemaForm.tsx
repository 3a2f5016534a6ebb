// A form for a flat JSON-Schema object (a tool's inputSchema): one input per property.
import { type ReactNode, useId } from 'react';
import { nameRecord, ownValue, withName } from '../../../shared/nameRecord';
import { useT } from '../i18n';
import { SchemaField } from './SchemaField';
import { describeFields, type FieldErrors, type FieldValue, type FormValues } from './schemaFields';
import './components.css';

const NO_ERRORS: FieldErrors = nameRecord();

type SchemaFormProps = {
  schema: object;
  values: FormValues;
  onChange: (values: FormValues) => void;
  errors?: FieldErrors;
};

/** Inputs for a flat schema; the caller owns the values, the submit button and the checking. */
export function SchemaForm({ schema, values, onChange, errors = NO_ERRORS }: SchemaFormProps): ReactNode {
  const t = useT();
  const prefix = useId();
  const fields = describeFields(schema) ?? [];
  if (fields.length === 0) return <p className="schema-form-empty">{t('common.schema.noArguments')}</p>;
  const set = (name: string, value: FieldValue): void => onChange(withName(values, name, value));
  const fieldId = (index: number): string => `${prefix}-f${index}`;
  return (
    <div className="schema-form">
      {fields.map((field, index) => (
        <SchemaField
          key={field.name}
          id={fieldId(index)}
          field={field}
          value={ownValue(values, field.name)}
          error={ownValue(errors, field.name)}
          onChange={(value) => set(field.name, value)}
        />
      ))}
    </div>
  );
}
