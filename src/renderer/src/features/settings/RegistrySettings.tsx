// Settings → Registry: the address of the MCP registry Browse servers reads (the official one unless changed).
import { useEffect, useId, useState } from 'react';
import { DEFAULT_REGISTRY_URL } from '../../../../shared/registry';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';

export function RegistrySettings() {
  const t = useT();
  const urlId = useId();
  const [url, setUrl] = useState('');
  /** The address saved last, `null` for the official registry; nothing until the person saves. */
  const [saved, setSaved] = useState<{ url: string | null } | null>(null);
  const { run, pending, error } = useCommand();

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once when the tab opens.
  useEffect(() => {
    void run((host) => host.invoke('registry.get', {})).then((outcome) => {
      if (outcome.ok) setUrl(outcome.value.url);
    });
  }, []);

  const save = async (value: string | null) => {
    const outcome = await run((host) => host.invoke('registry.setUrl', { url: value }));
    if (outcome.ok) {
      setUrl(outcome.value.url);
      setSaved({ url: outcome.value.isDefault ? null : outcome.value.url });
    }
  };

  return (
    <form
      className="settings-section"
      onSubmit={(event) => {
        event.preventDefault();
        void save(url);
      }}
    >
      <div className="form-row">
        <label htmlFor={urlId}>{t('settings.registry.label')}</label>
        <input id={urlId} value={url} spellCheck={false} onChange={(event) => setUrl(event.target.value)} />
        <p className="muted field-help">{t('settings.registry.hint')}</p>
      </div>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
      {saved ? (
        <p role="status">
          {saved.url === null
            ? t('settings.registry.official')
            : t('settings.registry.using', { url: saved.url })}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={pending}>
        {t('settings.registry.save')}
      </button>{' '}
      <button type="button" disabled={pending} onClick={() => void save(null)}>
        {t('settings.registry.useOfficial', { url: DEFAULT_REGISTRY_URL })}
      </button>
    </form>
  );
}
