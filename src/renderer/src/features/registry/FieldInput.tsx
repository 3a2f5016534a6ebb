// One value asked before installing: text, a secret (masked), or one of given choices; labelled for assistive tech.
import { useId } from 'react';

export type FieldSpec = {
  key: string;
  label: string;
  description?: string;
  required: boolean;
  secret: boolean;
  placeholder?: string;
  choices?: string[];
};

export function FieldInput({
  field,
  value,
  onChange,
}: {
  field: FieldSpec;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const label = `${field.label}${field.required ? ' (required)' : ''}`;
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      {field.choices ? (
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {field.required ? null : <option value="">(none)</option>}
          {field.choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={field.secret ? 'password' : 'text'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={field.placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {field.description ? <p className="muted field-help">{field.description}</p> : null}
      {field.secret ? (
        <p className="muted field-help">Kept in the secret store, never in config.json.</p>
      ) : null}
    </div>
  );
}
