// Settings → Tool sets: named choices of servers (and single tools) for conversations, one the default for new ones.
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { ToolSet } from '../../../../shared/chat';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { translate, useFormat, useT } from '../../i18n';
import { useAllServers } from '../../store';
import './settings-models.css';
import './toolSets.css';

/** A name no set has yet: "New set", "New set 2" … (in the page's language). */
function freshName(sets: readonly ToolSet[]): string {
  const taken = new Set(sets.map((set) => set.name));
  for (let n = 1; ; n++) {
    const name =
      n === 1
        ? translate('settings.toolSets.newName')
        : translate('settings.toolSets.newNameNumbered', { n });
    if (!taken.has(name)) return name;
  }
}

/** Why the sets cannot be saved as they are, or nothing. */
function problemOf(sets: readonly ToolSet[]): string | null {
  const names = sets.map((set) => set.name.trim());
  if (names.some((name) => !name)) return translate('settings.toolSets.needsName');
  if (new Set(names).size !== names.length) return translate('settings.toolSets.sameName');
  return null;
}

function ToolSetEditor({
  set,
  servers,
  onChange,
  onRemove,
}: {
  set: ToolSet;
  servers: readonly string[];
  onChange: (next: ToolSet) => void;
  onRemove: () => void;
}): ReactNode {
  const t = useT();
  const f = useFormat();
  const nameId = useId();
  const chosen = new Set(set.servers ?? []);
  const listed = [...new Set([...servers, ...chosen])];
  const extras = [
    set.tools?.length ? t('settings.toolSets.singleTools', { count: set.tools.length }) : '',
    set.pinned?.length ? t('settings.toolSets.pinnedTools', { count: set.pinned.length }) : '',
  ].filter(Boolean);
  return (
    <fieldset className="tool-set">
      <legend className="visually-hidden">{set.name || t('settings.toolSets.unnamed')}</legend>
      <div className="tool-set-head">
        <label htmlFor={nameId}>{t('settings.toolSets.name')}</label>
        <input
          id={nameId}
          value={set.name}
          onChange={(event) => onChange({ ...set, name: event.target.value })}
        />
        <label className="tool-set-default">
          <input
            type="radio"
            name="default-tool-set"
            checked={set.default === true}
            onChange={() => onChange({ ...set, default: true })}
          />
          {t('settings.toolSets.default')}
        </label>
        <button type="button" className="small danger" onClick={onRemove}>
          {set.name
            ? t('settings.toolSets.delete', { name: set.name })
            : t('settings.toolSets.deleteUnnamed')}
        </button>
      </div>
      <ul
        className="tool-set-servers"
        aria-label={
          set.name
            ? t('settings.toolSets.servers', { name: set.name })
            : t('settings.toolSets.serversUnnamed')
        }
      >
        {listed.map((server) => (
          <li key={server}>
            <label>
              <input
                type="checkbox"
                checked={chosen.has(server)}
                onChange={(event) => {
                  const others = (set.servers ?? []).filter((name) => name !== server);
                  onChange({ ...set, servers: event.target.checked ? [...others, server] : others });
                }}
              />
              {server}
            </label>
          </li>
        ))}
      </ul>
      {extras.length > 0 ? (
        <p className="muted hint">{t('settings.toolSets.extras', { extras: f.list(extras) })}</p>
      ) : null}
    </fieldset>
  );
}

export function ToolSetsSettings(): ReactNode {
  const t = useT();
  const host = useHost();
  const servers = useAllServers().map((view) => view.name);
  const [sets, setSets] = useState<ToolSet[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useCommand();
  const title = useId();

  useEffect(() => {
    host.invoke('toolSets.get', {}).then(setSets, (error: unknown) => setLoadError(describeError(error)));
  }, [host]);

  const edit = (next: ToolSet[]) => {
    setSets(next);
    setSaved(false);
  };
  const problem = sets ? problemOf(sets) : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!sets || problem) return;
    const outcome = await save.run((client) =>
      client.invoke('toolSets.save', { sets: sets.map((set) => ({ ...set, name: set.name.trim() })) }),
    );
    if (outcome.ok) {
      setSets(outcome.value);
      setSaved(true);
    }
  };

  return (
    <div className="settings-stack">
      <section className="settings-panel" aria-labelledby={title}>
        <header className="settings-panel-header">
          <h2 id={title}>{t('settings.toolSets.title')}</h2>
        </header>
        <p className="muted hint">{t('settings.toolSets.hint')}</p>
        {loadError ? (
          <p className="field-error" role="alert">
            {t('settings.toolSets.loadError', { error: loadError })}
          </p>
        ) : null}
        {sets ? (
          <form className="tool-sets" onSubmit={(event) => void submit(event)}>
            {sets.length === 0 ? <p className="muted">{t('settings.toolSets.empty')}</p> : null}
            {sets.map((set, index) => (
              <ToolSetEditor
                // biome-ignore lint/suspicious/noArrayIndexKey: a set's name is what the person edits
                key={index}
                set={set}
                servers={servers}
                onChange={(next) =>
                  edit(
                    sets.map((item, at) =>
                      at === index ? next : next.default ? { ...item, default: undefined } : item,
                    ),
                  )
                }
                onRemove={() => edit(sets.filter((_, at) => at !== index))}
              />
            ))}
            <div className="tool-sets-actions">
              <button type="button" onClick={() => edit([...sets, { name: freshName(sets), servers: [] }])}>
                {t('settings.toolSets.new')}
              </button>
              {sets.some((set) => set.default) ? (
                <button
                  type="button"
                  onClick={() => edit(sets.map((set) => ({ ...set, default: undefined })))}
                >
                  {t('settings.toolSets.noDefault')}
                </button>
              ) : null}
              <span className="tool-sets-spacer" />
              {saved ? <span role="status">{t('settings.toolSets.saved')}</span> : null}
              <button type="submit" className="primary" disabled={save.pending || problem !== null}>
                {t('settings.toolSets.save')}
              </button>
            </div>
            {problem || save.error ? (
              <p className="field-error" role="alert">
                {problem ?? save.error}
              </p>
            ) : null}
          </form>
        ) : null}
      </section>
    </div>
  );
}
