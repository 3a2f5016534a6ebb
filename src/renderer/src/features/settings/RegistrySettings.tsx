// Settings → Registry: the address of the MCP registry Browse servers reads (the official one unless changed).
import { useEffect, useId, useState } from 'react';
import { DEFAULT_REGISTRY_URL } from '../../../../shared/registry';
import { useCommand } from '../../components/useCommand';

export function RegistrySettings() {
  const urlId = useId();
  const [url, setUrl] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
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
      setSaved(outcome.value.isDefault ? 'Using the official registry.' : `Using ${outcome.value.url}.`);
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
        <label htmlFor={urlId}>Registry address</label>
        <input id={urlId} value={url} spellCheck={false} onChange={(event) => setUrl(event.target.value)} />
        <p className="muted field-help">
          Browse servers searches this registry. Its entries are the publishers' words: read what a server
          runs before you approve it.
        </p>
      </div>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
      {saved ? <p role="status">{saved}</p> : null}
      <button type="submit" className="primary" disabled={pending}>
        Save
      </button>{' '}
      <button type="button" disabled={pending} onClick={() => void save(null)}>
        Use the official registry ({DEFAULT_REGISTRY_URL})
      </button>
    </form>
  );
}
