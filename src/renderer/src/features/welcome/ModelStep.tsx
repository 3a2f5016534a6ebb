// Step 2 of the welcome: connect a model, with one click for a local Ollama or through Settings → Models.
import type { ReactNode } from 'react';
import type { ModelsView } from '../../../../shared/chat';
import { type MessageValues, useT } from '../../i18n';
import { actions } from '../../store';
import { useOllama } from './useOllama';
import { modelStepState, OLLAMA_HOST } from './welcome';

function readyText(models: ModelsView, t: (id: string, values?: MessageValues) => string): string {
  if (models.default) return t('welcome.model.ready', { model: models.default });
  const provider = models.providers.find((item) => item.models.length > 0);
  return provider ? t('welcome.model.offers', { provider: provider.id, count: provider.models.length }) : '';
}

/** The body of the "Connect a model" step. */
export function ModelStep({ models }: { models: ModelsView | null }): ReactNode {
  const t = useT();
  const state = modelStepState(models);
  const ollama = useOllama(models);
  const settings = (
    <button type="button" onClick={() => actions.settingsOpened('models')}>
      {t('welcome.model.openSettings')}
    </button>
  );

  if (state === 'loading') return <p className="muted">{t('welcome.model.checking')}</p>;
  if (state === 'ready' && models) return <p className="muted">{readyText(models, t)}</p>;
  if (state === 'no-model') {
    return (
      <>
        <p>{t('welcome.model.noModel')}</p>
        <div className="button-row">{settings}</div>
      </>
    );
  }
  return (
    <>
      <p>{t('welcome.model.intro')}</p>
      <div className="button-row">
        <button
          type="button"
          className="primary"
          disabled={ollama.pending}
          onClick={() => void ollama.connect()}
        >
          {t('welcome.model.useOllama')}
        </button>
        {settings}
      </div>
      <p className="muted welcome-progress" role="status">
        {ollama.pending ? t('welcome.model.asking', { host: OLLAMA_HOST }) : ''}
      </p>
      {ollama.problem ? (
        <div className="welcome-problem" role="alert">
          <p>{ollama.problem}</p>
          {ollama.detail ? (
            <>
              <p className="muted welcome-detail">{ollama.detail}</p>
              <p className="muted">{t('welcome.model.retry')}</p>
            </>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
