// The default model: a select of every `provider/model`, saved through `models.setDefault`.
import { type ReactNode, useId } from 'react';
import type { ModelsView } from '../../../../../shared/chat';
import { useCommand } from '../../../components/useCommand';
import { useT } from '../../../i18n';
import { actions } from '../../../store';
import { modelRefs } from './providerForm';

/** New conversations start with this model; an unknown saved default is still shown, marked. */
export function DefaultModelSelect({ models }: { models: ModelsView }): ReactNode {
  const t = useT();
  const id = useId();
  /** The id of one part of this form, for labels and descriptions. */
  const at = (part: string) => `${id}-${part}`;
  const { run, pending, error } = useCommand();
  const refs = modelRefs(models.providers);
  const current = models.default ?? '';
  const unknown = current !== '' && !refs.includes(current);

  const choose = async (model: string): Promise<void> => {
    if (!model || model === current) return;
    const outcome = await run((host) => host.invoke('models.setDefault', { model }));
    if (outcome.ok) actions.modelsChanged(outcome.value);
  };

  return (
    <div className="provider-field default-model">
      <label htmlFor={id}>{t('models.default.label')}</label>
      <select
        id={id}
        value={current}
        disabled={pending || refs.length === 0}
        aria-describedby={at('hint')}
        onChange={(event) => void choose(event.target.value)}
      >
        {current === '' ? (
          <option value="" disabled>
            {refs.length === 0 ? t('models.default.noModels') : t('models.default.notChosen')}
          </option>
        ) : null}
        {unknown ? <option value={current}>{t('models.default.unknown', { model: current })}</option> : null}
        {refs.map((ref) => (
          <option key={ref} value={ref}>
            {ref}
          </option>
        ))}
      </select>
      <p id={at('hint')} className="muted hint">
        {refs.length === 0 ? t('models.default.hintEmpty') : t('models.default.hint')}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {t('models.default.error', { error })}
        </p>
      ) : null}
    </div>
  );
}
