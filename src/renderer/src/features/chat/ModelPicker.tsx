// The conversation's model: a select of every configured `provider/model`; a change calls `chat.setModel`.
import { type ReactNode, useState } from 'react';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { useChatSummary, useModels } from '../../store';
import { currentModel, isKnownModel, modelGroups } from './models';

/** A `select` named "Model"; renders nothing while no model is configured. */
export function ModelPicker({ id }: { id: string }): ReactNode {
  const t = useT();
  const models = useModels();
  const summary = useChatSummary(id);
  const { run, error, pending } = useCommand();
  const [choice, setChoice] = useState<string | null>(null);
  const groups = modelGroups(models);
  if (groups.length === 0) return null;
  const value = choice ?? currentModel(summary?.model, models) ?? '';

  const change = async (model: string) => {
    if (!model) return;
    setChoice(model);
    await run((host) => host.invoke('chat.setModel', { id, model }));
    setChoice(null);
  };

  return (
    <>
      <select
        className="model-select"
        aria-label={t('chat.model.label')}
        value={value}
        disabled={pending}
        title={value || t('chat.model.choose')}
        onChange={(event) => void change(event.target.value)}
      >
        {value === '' ? <option value="">{t('chat.model.choose')}</option> : null}
        {value !== '' && !isKnownModel(groups, value) ? (
          <option value={value}>{t('chat.model.notConfigured', { model: value })}</option>
        ) : null}
        {groups.map((group) => (
          <optgroup key={group.provider} label={group.provider}>
            {group.refs.map((ref) => (
              <option key={ref} value={ref}>
                {ref}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error ? (
        <span className="inline-error composer-inline" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
