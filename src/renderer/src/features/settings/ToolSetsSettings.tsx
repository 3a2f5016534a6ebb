// Settings → Tool sets: named choices of servers (and single tools) for conversations, one the default for new ones.
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { ToolSet } from '../../../../shared/chat';
import { useHost } from '../../api';
import { describeError, plural } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { useAllServers } from '../../store';
import './settings-models.css';
import './toolSets.css';

/** A name no set has yet: "New set", "New set 2" … */
function freshName(sets: readonly ToolSet[]): string {
  const taken = new Set(sets.map((set) => set.name));
  for (let n = 1; ; n++) {
    const name = n === 1 ? 'New set' : `New set ${n}`;
    if (!taken.has(name)) return name;
  }
}

/** Why the sets cannot be saved as they are, or nothing. */
function problemOf(sets: readonly ToolSet[]): string | null {
  const names = sets.map((set) => set.name.trim());
  if (names.some((name) => !name)) return 'Every tool set needs a name.';
  if (new Set(names).size !== names.length) return 'Two tool sets have the same name.';
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
  const nameId = useId();
  const chosen = new Set(set.servers ?? []);
  const listed = [...new Set([...servers, ...chosen])];
  const extras = [
    set.tools?.length ? plural(set.tools.length, 'single tool') : '',
    set.pinned?.length ? plural(set.pinned.length, 'pinned tool') : '',
  ].filter(Boolean);
  return (
    <fieldset className="tool-set">
      <legend className="visually-hidden">{set.name || 'Unnamed tool set'}</legend>
      <div className="tool-set-head">
        <label htmlFor={nameId}>Name</label>
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
          Default for new conversations
        </label>
        <button type="button" className="small danger" onClick={onRemove}>
          Delete {set.name || 'set'}
        </button>
      </div>
      <ul className="tool-set-servers" aria-label={`Servers in ${set.name || 'this set'}`}>
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
        <p className="muted hint">
          Also {extras.join(' and ')} (chosen in a conversation's Tools dialog and saved as this set).
        </p>
      ) : null}
    </fieldset>
  );
}

export function ToolSetsSettings(): ReactNode {
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
          <h2 id={title}>Tool sets</h2>
        </header>
        <p className="muted hint">
          A tool set names the servers a kind of work needs ("Writing", "Code review"). A conversation can
          switch to a set in its Tools dialog; new conversations start with the default set, or with every
          server when there is none. Sets are kept in config.json as "toolSets".
        </p>
        {loadError ? (
          <p className="field-error" role="alert">
            Could not load the tool sets: {loadError}
          </p>
        ) : null}
        {sets ? (
          <form className="tool-sets" onSubmit={(event) => void submit(event)}>
            {sets.length === 0 ? <p className="muted">No tool sets yet.</p> : null}
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
                New tool set
              </button>
              {sets.some((set) => set.default) ? (
                <button
                  type="button"
                  onClick={() => edit(sets.map((set) => ({ ...set, default: undefined })))}
                >
                  No default (every server)
                </button>
              ) : null}
              <span className="tool-sets-spacer" />
              {saved ? <span role="status">Saved.</span> : null}
              <button type="submit" className="primary" disabled={save.pending || problem !== null}>
                Save tool sets
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
