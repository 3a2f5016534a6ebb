// "Use Ollama": saves the local Ollama provider, asks it for its models, and keeps them (or takes it out again).
import { useCallback, useState } from 'react';
import type { ModelsView } from '../../../../shared/chat';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { translate } from '../../i18n';
import { actions } from '../../store';
import { ollamaProblem, ollamaProvider, pickDefaultModel } from './welcome';

/** `connect()` runs the whole setup; `problem` says in plain words what went wrong. */
export function useOllama(models: ModelsView | null) {
  const host = useHost();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const hadDefault = models?.default !== undefined;

  const connect = useCallback(async () => {
    setPending(true);
    setProblem(null);
    setDetail(null);
    try {
      actions.modelsChanged(await host.invoke('models.putProvider', { provider: ollamaProvider() }));
      const test = await host.invoke('models.test', { id: 'ollama' });
      const failed = ollamaProblem(test);
      if (failed !== null) {
        setProblem(failed);
        setDetail(test.ok ? null : test.message);
        // It was not there before (the button shows only without providers): take it out again.
        await host.invoke('models.removeProvider', { id: 'ollama' }).then(actions.modelsChanged, () => {});
        return;
      }
      const listed = test.models ?? [];
      let view = await host.invoke('models.putProvider', { provider: ollamaProvider(listed) });
      const first = pickDefaultModel(listed);
      if (!hadDefault && view.default === undefined && first !== undefined) {
        view = await host.invoke('models.setDefault', { model: `ollama/${first}` });
      }
      actions.modelsChanged(view);
    } catch (caught) {
      setProblem(translate('welcome.ollama.failed', { error: describeError(caught) }));
    } finally {
      setPending(false);
    }
  }, [host, hadDefault]);

  return { connect, pending, problem, detail };
}
