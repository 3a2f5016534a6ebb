// Settings → Models: the model providers, their keys' state, add / edit / remove / test, and the default model.
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { ProviderView } from '../../../../shared/chat';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions, useEpoch, useModels } from '../../store';
import { DefaultModelSelect } from './models/DefaultModelSelect';
import { ModelOptionsForm } from './models/ModelOptionsForm';
import { ProviderDialog } from './models/ProviderDialog';
import { ProviderTestResult, useProviderTest } from './models/ProviderTestResult';
import { keyState, typeShortLabel } from './models/providerForm';
import './settings-models.css';

type Open = { kind: 'add' } | { kind: 'edit'; id: string } | { kind: 'remove'; id: string } | null;

const SHOWN_MODELS = 3;

function ModelsCell({ models }: { models: string[] }): ReactNode {
  const t = useT();
  if (models.length === 0) return <span className="muted">{t('settings.models.none')}</span>;
  const shown = models.slice(0, SHOWN_MODELS).join(t('settings.models.separator'));
  const more = models.length - SHOWN_MODELS;
  return (
    <span title={models.join('\n')}>
      {more > 0 ? t('settings.models.andMore', { shown, count: more }) : shown}
    </span>
  );
}

/** Lists the providers; everything changes through the host and comes back as `models.changed`. */
export function ModelsSettings(): ReactNode {
  const t = useT();
  const titleId = useId();
  const models = useModels();
  const epoch = useEpoch();
  const [open, setOpen] = useState<Open>(null);
  const load = useCommand();
  const remove = useCommand();
  const tester = useProviderTest();
  const [tested, setTested] = useState<string | null>(null);
  const runLoad = load.run;

  useEffect(() => {
    if (epoch === 0) return;
    void runLoad((host) => host.invoke('models.get', {})).then((outcome) => {
      if (outcome.ok) actions.modelsChanged(outcome.value);
    });
  }, [runLoad, epoch]);

  const providers = models?.providers ?? [];
  const find = (id: string): ProviderView | undefined => providers.find((provider) => provider.id === id);
  const editing = open?.kind === 'edit' ? find(open.id) : undefined;
  const removing = open?.kind === 'remove' ? open.id : null;

  const confirmRemove = async (id: string): Promise<void> => {
    setOpen(null);
    const outcome = await remove.run((host) => host.invoke('models.removeProvider', { id }));
    if (outcome.ok) actions.modelsChanged(outcome.value);
  };

  const test = (id: string): void => {
    setTested(id);
    void tester.test(id);
  };

  return (
    <section className="settings-panel" aria-labelledby={titleId}>
      <header className="settings-panel-header">
        <h2 id={titleId}>{t('settings.models.title')}</h2>
        <button type="button" className="primary" onClick={() => setOpen({ kind: 'add' })}>
          {t('settings.models.add')}
        </button>
      </header>
      {load.error && !models ? (
        <p className="field-error" role="alert">
          {t('settings.models.loadError', { error: load.error })}
        </p>
      ) : null}
      {!models ? (
        load.error ? null : (
          <p className="muted">{t('settings.models.loading')}</p>
        )
      ) : providers.length === 0 ? (
        <p className="settings-empty">{t('settings.models.empty')}</p>
      ) : (
        <div className="settings-table-wrap">
          <table className="settings-table">
            <caption className="visually-hidden">{t('settings.models.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('settings.models.column.provider')}</th>
                <th scope="col">{t('settings.models.column.type')}</th>
                <th scope="col">{t('settings.models.column.baseUrl')}</th>
                <th scope="col">{t('settings.models.column.models')}</th>
                <th scope="col">{t('settings.models.column.apiKey')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('settings.models.column.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {providers.map((provider) => (
                <tr key={provider.id}>
                  <th scope="row">
                    <code>{provider.id}</code>
                  </th>
                  <td>{typeShortLabel(provider.type)}</td>
                  <td className="settings-url">
                    {provider.baseURL ?? <span className="muted">{t('settings.models.defaultUrl')}</span>}
                  </td>
                  <td>
                    <ModelsCell models={provider.models} />
                  </td>
                  <td className="settings-key">{keyState(provider)}</td>
                  <td className="settings-actions">
                    <button
                      type="button"
                      className="small"
                      aria-label={t('settings.models.testLabel', { id: provider.id })}
                      disabled={tester.pending}
                      onClick={() => test(provider.id)}
                    >
                      {t('settings.models.test')}
                    </button>
                    <button
                      type="button"
                      className="small"
                      aria-label={t('settings.models.editLabel', { id: provider.id })}
                      onClick={() => setOpen({ kind: 'edit', id: provider.id })}
                    >
                      {t('settings.models.edit')}
                    </button>
                    <button
                      type="button"
                      className="small danger"
                      aria-label={t('settings.models.removeLabel', { id: provider.id })}
                      onClick={() => setOpen({ kind: 'remove', id: provider.id })}
                    >
                      {t('settings.models.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ProviderTestResult
        result={tester.result}
        pending={tester.pending}
        error={tester.error}
        prefix={tested ?? undefined}
      />
      {remove.error ? (
        <p className="field-error" role="alert">
          {t('settings.models.removeError', { error: remove.error })}
        </p>
      ) : null}
      {models ? <DefaultModelSelect models={models} /> : null}
      {models ? <ModelOptionsForm models={models} /> : null}
      {open?.kind === 'add' || editing ? (
        <ProviderDialog
          key={editing?.id ?? 'new'}
          editing={editing}
          takenIds={providers.map((provider) => provider.id)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('settings.models.confirmTitle')}
          message={t('settings.models.confirmMessage', { id: removing })}
          confirmLabel={t('settings.models.remove')}
          onConfirm={() => void confirmRemove(removing)}
          onCancel={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
