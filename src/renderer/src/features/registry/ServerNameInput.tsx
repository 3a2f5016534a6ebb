// The name the new server gets in config.json (a taken name is renamed, never replaced).
import { useId } from 'react';
import { useT } from '../../i18n';

export function ServerNameInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="form-row">
      <label htmlFor={id}>{t('registry.serverName')}</label>
      <input id={id} value={value} spellCheck={false} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
