// A one-line text field of the server form: labelled, no spell-check or autofill.
import type { ReactNode } from 'react';

export function TextField(props: {
  label: string;
  value: string;
  placeholder?: string;
  type?: 'text' | 'url';
  onChange: (value: string) => void;
}): ReactNode {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        type={props.type ?? 'text'}
        value={props.value}
        placeholder={props.placeholder}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}
