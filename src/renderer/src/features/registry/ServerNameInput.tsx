// The name the new server gets in config.json (a taken name is renamed, never replaced).
import { useId } from 'react';

export function ServerNameInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="form-row">
      <label htmlFor={id}>Server name</label>
      <input id={id} value={value} spellCheck={false} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
