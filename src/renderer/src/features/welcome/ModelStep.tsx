// Step 2 of the welcome: connect a model, with one click for a local Ollama or through Settings → Models.
import type { ReactNode } from 'react';
import type { ModelsView } from '../../../../shared/chat';
import { plural } from '../../components/format';
import { actions } from '../../store';
import { useOllama } from './useOllama';
import { modelStepState, OLLAMA_HOST } from './welcome';

function readyText(models: ModelsView): string {
  if (models.default) return `Chats use ${models.default} unless you pick another model.`;
  const provider = models.providers.find((item) => item.models.length > 0);
  return provider ? `${provider.id} offers ${plural(provider.models.length, 'model')}.` : '';
}

/** The body of the "Connect a model" step. */
export function ModelStep({ models }: { models: ModelsView | null }): ReactNode {
  const state = modelStepState(models);
  const ollama = useOllama(models);
  const settings = (
    <button type="button" onClick={() => actions.settingsOpened('models')}>
      Open Settings → Models
    </button>
  );

  if (state === 'loading') return <p className="muted">Checking your models…</p>;
  if (state === 'ready' && models) return <p className="muted">{readyText(models)}</p>;
  if (state === 'no-model') {
    return (
      <>
        <p>A provider is set up, but it lists no models yet. Add a model to it in Settings.</p>
        <div className="button-row">{settings}</div>
      </>
    );
  }
  return (
    <>
      <p>
        Switchboard talks to models through providers. If Ollama runs on this computer, use it with one click;
        or set up OpenAI, Anthropic, Google or another provider in Settings.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="primary"
          disabled={ollama.pending}
          onClick={() => void ollama.connect()}
        >
          Use Ollama
        </button>
        {settings}
      </div>
      <p className="muted welcome-progress" role="status">
        {ollama.pending ? `Asking Ollama on ${OLLAMA_HOST} for its models…` : ''}
      </p>
      {ollama.problem ? (
        <div className="welcome-problem" role="alert">
          <p>{ollama.problem}</p>
          {ollama.detail ? (
            <>
              <p className="muted welcome-detail">{ollama.detail}</p>
              <p className="muted">Start Ollama and press Use Ollama again, or open Settings → Models.</p>
            </>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
