// The Tools dialog's tool set: switch the conversation to a set (or to every server), or save its choice as a new set.
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { ToolSelection, ToolSet } from '../../../../shared/chat';
import { setFromSelection, switchSet } from '../../../../shared/toolSelection';
import { isComposing } from '../../components/composing';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions } from '../../store';
import { useModelServers } from './useToolMode';

const ALL = '';

/** The sets of Settings → Tool sets, fetched when shown; null until they arrive. */
function useToolSets(): {
  sets: ToolSet[] | null;
  save: (sets: ToolSet[]) => Promise<boolean>;
  error: string | null;
} {
  const [sets, setSets] = useState<ToolSet[] | null>(null);
  const load = useCommand();
  const saving = useCommand();
  const { run } = load;
  useEffect(() => {
    void run((host) => host.invoke('toolSets.get', {})).then((outcome) => {
      if (outcome.ok) setSets(outcome.value);
    });
  }, [run]);
  const save = async (next: ToolSet[]) => {
    const outcome = await saving.run((host) => host.invoke('toolSets.save', { sets: next }));
    if (outcome.ok) setSets(outcome.value);
    return outcome.ok;
  };
  return { sets, save, error: load.error ?? saving.error };
}

export function ToolSetPicker({
  selection,
  onChange,
  onLeave,
}: {
  selection: ToolSelection;
  onChange: (next: ToolSelection) => void;
  /** Called before Settings opens. */
  onLeave: () => void;
}): ReactNode {
  const t = useT();
  const { sets, save, error } = useToolSets();
  const servers = useModelServers();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const pickId = useId();
  const nameId = useId();
  const current = selection.set ?? ALL;
  const gone = current !== ALL && sets !== null && !sets.some((set) => set.name === current);
  const taken = sets?.some((set) => set.name === name.trim()) ?? false;

  const saveAs = async () => {
    const chosen = name.trim();
    if (!chosen || taken || !sets) return;
    if (await save([...sets, setFromSelection(chosen, selection, servers)])) {
      onChange({ ...selection, set: chosen });
      setNaming(false);
      setName('');
    }
  };

  return (
    <div className="tool-set-picker">
      <label htmlFor={pickId}>{t('chatTools.sets.label')}</label>
      <select
        id={pickId}
        value={current}
        disabled={sets === null}
        onChange={(event) => {
          const set = sets?.find((item) => item.name === event.target.value);
          onChange(switchSet(selection, set));
        }}
      >
        <option value={ALL}>{t('chatTools.sets.all')}</option>
        {(sets ?? []).map((set) => (
          <option key={set.name} value={set.name}>
            {set.default ? t('chatTools.sets.default', { name: set.name }) : set.name}
          </option>
        ))}
        {gone ? <option value={current}>{t('chatTools.sets.gone', { name: current })}</option> : null}
      </select>
      {naming ? (
        // Not a form: the dialog sits inside the composer's form.
        <div className="tool-set-name">
          <label htmlFor={nameId} className="visually-hidden">
            {t('chatTools.sets.nameLabel')}
          </label>
          <input
            id={nameId}
            value={name}
            placeholder={t('chatTools.sets.namePlaceholder')}
            aria-invalid={taken}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || isComposing(event)) return;
              event.preventDefault();
              void saveAs();
            }}
          />
          <button
            type="button"
            className="small"
            disabled={!name.trim() || taken}
            onClick={() => void saveAs()}
          >
            {t('chatTools.sets.save')}
          </button>
          <button type="button" className="small" onClick={() => setNaming(false)}>
            {t('chat.action.cancel')}
          </button>
          {taken ? <span className="inline-error">{t('chatTools.sets.taken')}</span> : null}
        </div>
      ) : (
        <button type="button" className="small" disabled={sets === null} onClick={() => setNaming(true)}>
          {t('chatTools.sets.saveAs')}
        </button>
      )}
      <button
        type="button"
        className="link-button small"
        onClick={() => {
          onLeave();
          actions.settingsOpened('toolSets');
        }}
      >
        {t('chatTools.sets.edit')}
      </button>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
