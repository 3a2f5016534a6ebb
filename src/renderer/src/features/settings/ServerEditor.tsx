// The Add server / Edit server dialog: a name and the entry as JSON, checked before it can be saved.
import { useState } from 'react';
import type { ServerEntry } from '../../../../shared/types';
import { Dialog } from '../../components/Dialog';
import { JsonEditor } from '../../components/JsonEditor';
import { useCommand } from '../../components/useCommand';
import { actions, useServer, useServerNames } from '../../store';
import { checkEntry, checkName, serverEntryJsonSchema } from './entryValidation';
import './settings.css';

/** How config.json writes a reference to an environment variable or an input (shown as an example). */
const ENV_REFERENCE = ['$', '{env:NAME}'].join('');
const INPUT_REFERENCE = ['$', '{input:id}'].join('');

const NEW_ENTRY = '{\n  "command": "",\n  "args": []\n}\n';

function entryText(entry: ServerEntry | undefined): string {
  return entry ? `${JSON.stringify(entry, null, 2)}\n` : NEW_ENTRY;
}

/** Props of `ServerEditor`: `editing` names the server to edit; absent means add. */
export type ServerEditorProps = { editing?: string; onClose: () => void };

/** Saves through `config.putServer` (with `previousName` when editing). */
export function ServerEditor({ editing, onClose }: ServerEditorProps) {
  const existing = useServer(editing ?? null);
  const names = useServerNames();
  const [name, setName] = useState(editing ?? '');
  const [text, setText] = useState(() => entryText(existing?.entry));
  const { run, pending, error } = useCommand();

  const nameErrors = checkName(name.trim(), names, editing);
  const check = checkEntry(text);
  const problems = [...nameErrors.map((message) => `Name: ${message}`), ...check.errors];
  const title = editing ? 'Edit server' : 'Add server';

  const save = async () => {
    if (!check.entry || nameErrors.length > 0) return;
    const entry = check.entry;
    const trimmed = name.trim();
    // An edit names the server it replaces (renamed or not); without `previousName` the name must be new.
    const outcome = await run((host) =>
      host.invoke(
        'config.putServer',
        editing !== undefined ? { name: trimmed, entry, previousName: editing } : { name: trimmed, entry },
      ),
    );
    if (!outcome.ok) return;
    actions.configChanged(outcome.value);
    actions.serverSelected(trimmed);
    onClose();
  };

  return (
    <Dialog
      title={title}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={problems.length > 0 || pending}
            onClick={() => void save()}
          >
            {pending ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form
        className="editor-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="field">
          <span>Name</span>
          <input
            type="text"
            value={name}
            autoFocus
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <div className="field">
          <span>Entry (the value under mcpServers in config.json)</span>
          <JsonEditor
            value={text}
            onChange={setText}
            schema={serverEntryJsonSchema}
            height={220}
            ariaLabel="Server entry JSON"
          />
        </div>
      </form>
      <p className="muted hint">
        A local server needs <code>command</code> (and usually <code>args</code>, <code>env</code>). A remote
        server needs <code>{'{ "url": "https://…" }'}</code> (<code>type</code> <code>http</code> or{' '}
        <code>sse</code> to choose the transport; <code>headers</code> may use <code>{ENV_REFERENCE}</code>{' '}
        and <code>{INPUT_REFERENCE}</code>). Add <code>"autoStart": false</code> to start a server only when
        it is first used.
      </p>
      {problems.length > 0 ? (
        <ul className="problems" aria-label="Problems">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="inline-error" role="alert">
          The server could not be saved: {error}
        </p>
      ) : null}
    </Dialog>
  );
}
