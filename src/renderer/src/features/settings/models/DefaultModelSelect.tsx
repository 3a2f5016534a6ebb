// The default model: a select of every `provider/model`, saved through `models.setDefault`.
import { type ReactNode, useId } from 'react';
import type { ModelsView } from '../../../../../shared/chat';
import { useCommand } from '../../../components/useCommand';
import { actions } from '../../../store';
import { modelRefs } from './providerForm';

/** New conversations start with this model; an unknown saved default is still shown, marked. */
export function DefaultModelSelect({ models }: { models: ModelsView }): ReactNode {
  const id = useId();
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
      <label htmlFor={id}>Default model</label>
      <select
        id={id}
        value={current}
        disabled={pending || refs.length === 0}
        aria-describedby={`${id}-hint`}
        onChange={(event) => void choose(event.target.value)}
      >
        {current === '' ? (
          <option value="" disabled>
            {refs.length === 0 ? 'No models yet' : 'Not chosen: the first model listed'}
          </option>
        ) : null}
        {unknown ? <option value={current}>{current} (not offered any more)</option> : null}
        {refs.map((ref) => (
          <option key={ref} value={ref}>
            {ref}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="muted hint">
        {refs.length === 0
          ? 'Add a provider with at least one model to choose a default.'
          : 'New conversations start with this model.'}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          The default model could not be changed: {error}
        </p>
      ) : null}
    </div>
  );
}
