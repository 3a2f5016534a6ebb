// One value asked before installing: text, a secret (masked), or one of given choices; labelled for assistive tech.
import { useId } from 'react';
import { useT } from '../../i18n';

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
  const t = useT();
  const id = useId();
  const label = field.required ? t('registry.field.required', { label: field.label }) : field.label;
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      {field.choices ? (
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {field.required ? null : <option value="">{t('registry.field.none')}</option>}
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
      {field.secret ? <p className="muted field-help">{t('registry.field.secret')}</p> : null}
    </div>
  );
}
