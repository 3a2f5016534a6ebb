// "Add folder": the native folder dialog in Electron, the host-served folder browser in a plain browser.
import { useCallback, useState } from 'react';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { translate } from '../../i18n';
import { actions } from '../../store';

/** Plain words for a failed `roots.add`. */
export function addFailedText(error: unknown): string {
  return translate('roots.addFailed', { error: describeError(error) });
}

/** `start()` runs the Add folder flow; `error` says why the last native pick could not be added. */
export function useAddFolder() {
  const host = useHost();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = useCallback(async () => {
    setError(null);
    if (!window.host) {
      actions.folderBrowserOpened();
      return;
    }
    setPending(true);
    try {
      const path = await host.invoke('folders.pick', {});
      if (path === null) return;
      actions.rootsChanged(await host.invoke('roots.add', { path }));
    } catch (caught) {
      setError(addFailedText(caught));
    } finally {
      setPending(false);
    }
  }, [host]);

  const clearError = useCallback(() => setError(null), []);
  return { start, pending, error, clearError };
}
