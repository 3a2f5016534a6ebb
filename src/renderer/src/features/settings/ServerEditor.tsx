// The Add server / Edit server dialog: a form of the entry's fields, the JSON one click away, and pasted blocks.
import { type ClipboardEvent, useMemo, useState } from 'react';
import { inputIdsOf } from '../../../../shared/inputReferences';
import { blockText, looksLikeEntry, readPastedServers } from '../../../../shared/serverPaste';
import type { ServerEntry } from '../../../../shared/types';
import { Dialog } from '../../components/Dialog';
import { JsonEditor } from '../../components/JsonEditor';
import { useCommand } from '../../components/useCommand';
import { actions, useServer, useServerNames } from '../../store';
import {
  checkEntry,
  checkEntryValue,
  checkName,
  checkServers,
  serverEntryJsonSchema,
} from './entryValidation';
import { PastedBlock } from './PastedBlock';
import { ServerForm } from './ServerForm';
import { draftFromEntry, emptyDraft, entryFromDraft, type ServerDraft } from './serverDraft';
import { useTakenInputIds } from './useTakenInputIds';
import './settings.css';

/** How config.json writes a reference to an environment variable or an input (shown as an example). */
const ENV_REFERENCE = ['$', '{env:NAME}'].join('');
const INPUT_REFERENCE = ['$', '{input:id}'].join('');

const NEW_ENTRY = '{\n  "command": "",\n  "args": []\n}\n';

const entryText = (entry: ServerEntry) => `${JSON.stringify(entry, null, 2)}\n`;

/** Props of `ServerEditor`: `editing` names the server to edit; absent means add. */
export type ServerEditorProps = { editing?: string; onClose: () => void };

/** Saves one server through `config.putServer` (secrets by input id), or a pasted block through `config.addServers`. */
export function ServerEditor({ editing, onClose }: ServerEditorProps) {
  const existing = useServer(editing ?? null);
  const names = useServerNames();
  const takenIds = useTakenInputIds(editing);
  const [name, setName] = useState(editing ?? '');
  const [mode, setMode] = useState<'form' | 'json'>('form');
  const [draft, setDraft] = useState<ServerDraft>(() =>
    existing ? draftFromEntry(existing.entry) : emptyDraft(),
  );
  const [text, setText] = useState(() => (existing ? entryText(existing.entry) : NEW_ENTRY));
  /** Secret values typed here and not saved yet, by input id (kept across Form and JSON). */
  const [typed, setTyped] = useState<ReadonlyMap<string, string>>(new Map());
  const [notice, setNotice] = useState<string | null>(null);
  /** A new server's problems show once the person has written or pasted something (an edit's at once). */
  const [touched, setTouched] = useState(editing !== undefined);
  const { run, pending, error } = useCommand();

  const trimmed = name.trim();
  const ids = { server: trimmed, taken: takenIds };
  const built = mode === 'form' ? entryFromDraft(draft, ids) : null;
  const pasted = useMemo(() => (mode === 'json' ? readPastedServers(text) : null), [mode, text]);
  const block =
    pasted?.kind === 'servers' && editing === undefined ? checkServers(pasted.servers, names) : null;
  const check = built ? checkEntryValue(built.entry) : checkEntry(text);
  const nameErrors = block ? [] : checkName(trimmed, names, editing);
  const problems = block
    ? block.length === 0
      ? ['The block holds no servers.']
      : []
    : [
        ...nameErrors.map((message) => `Name: ${message}`),
        ...(pasted?.kind === 'servers'
          ? ['This is a block of servers: paste it into Add server to add them.']
          : []),
        ...(built?.problems ?? []),
        ...(built?.problems.length || pasted?.kind === 'servers' ? [] : check.errors),
      ];
  const blockReady =
    block !== null && block.length > 0 && block.every((server) => server.problems.length === 0);
  const canSave = block ? blockReady : problems.length === 0 && check.entry !== null;

  const toJson = () => {
    const { entry, secrets } = entryFromDraft(draft, ids);
    setTyped(new Map([...typed, ...secrets]));
    setText(entryText(entry));
    setMode('json');
    setNotice(null);
  };
  const toForm = () => {
    const only = pasted?.kind === 'servers' && pasted.servers.length === 1 ? pasted.servers[0] : undefined;
    const value = only ? checkEntryValue(only.entry).entry : check.entry;
    if (!value) return;
    if (only && editing === undefined) setName(only.name);
    setDraft(draftFromEntry(value, typed));
    setMode('form');
    setNotice(null);
  };

  /** In the form, a pasted entry or one-server block fills it; several servers, or problems, go to the JSON view. */
  const onPaste = (event: ClipboardEvent) => {
    setTouched(true);
    // The JSON view takes pastes as text; a block there is recognised from the text.
    if (mode === 'json') return;
    const read = readPastedServers(event.clipboardData.getData('text/plain'));
    if (read.kind === 'invalid' || (read.kind === 'entry' && !looksLikeEntry(read.entry))) return;
    event.preventDefault();
    const servers: { name?: string; entry: unknown }[] = read.kind === 'servers' ? read.servers : [read];
    if (servers.length > 1 && editing !== undefined) {
      setNotice(`The pasted block holds ${servers.length} servers. Use Add server to add them.`);
      return;
    }
    const [one] = servers;
    const valid = one && servers.length === 1 ? checkEntryValue(one.entry).entry : null;
    if (one && valid) {
      if (one.name !== undefined && editing === undefined) setName(one.name);
      setDraft(draftFromEntry(valid));
      setNotice(
        one.name ? `Filled in ${one.name} from the pasted block.` : 'Filled in from the pasted entry.',
      );
      return;
    }
    setText(read.kind === 'servers' ? blockText(read.servers) : entryText(read.entry as ServerEntry));
    setMode('json');
    setNotice(servers.length > 1 ? null : 'What you pasted has problems: fix them here.');
  };

  const save = async () => {
    if (!canSave || pending) return;
    if (block) {
      const servers = block.flatMap((server) =>
        server.entry ? [{ name: server.name, entry: server.entry }] : [],
      );
      const outcome = await run((host) => host.invoke('config.addServers', { servers }));
      if (!outcome.ok) return;
      actions.configChanged(outcome.value);
      if (servers[0]) actions.serverSelected(servers[0].name);
      onClose();
      return;
    }
    const entry = check.entry;
    if (!entry) return;
    const used = new Set(inputIdsOf(entry));
    const all = built ? built.secrets : typed;
    const secrets = Object.fromEntries([...all].filter(([id]) => used.has(id)));
    // An edit names the server it replaces (renamed or not); without `previousName` the name must be new.
    const outcome = await run((host) =>
      host.invoke('config.putServer', {
        name: trimmed,
        entry,
        ...(editing !== undefined ? { previousName: editing } : {}),
        ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
      }),
    );
    if (!outcome.ok) return;
    actions.configChanged(outcome.value);
    actions.serverSelected(trimmed);
    onClose();
  };

  const blockCount = block?.length ?? 0;
  return (
    <Dialog
      title={editing ? 'Edit server' : 'Add server'}
      onClose={onClose}
      wide
      footer={
        <>
          {mode === 'form' ? (
            <button type="button" className="footer-start" onClick={toJson}>
              Edit as JSON
            </button>
          ) : (
            <button
              type="button"
              className="footer-start"
              disabled={block ? blockCount !== 1 : !check.entry}
              title={block && blockCount !== 1 ? 'A block of several servers is added as it is' : undefined}
              onClick={toForm}
            >
              Edit as form
            </button>
          )}
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={!canSave || pending}
            onClick={() => void save()}
          >
            {pending
              ? 'Saving…'
              : block
                ? blockCount === 1
                  ? 'Add 1 server'
                  : `Add ${blockCount} servers`
                : 'Save'}
          </button>
        </>
      }
    >
      <form
        className="editor-form"
        onPaste={onPaste}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {block ? null : (
          <label className="field">
            <span>Name</span>
            <input
              type="text"
              value={name}
              autoFocus
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => {
                setTouched(true);
                setName(event.target.value);
              }}
            />
          </label>
        )}
        {mode === 'form' ? (
          <ServerForm
            draft={draft}
            onChange={(next) => {
              setTouched(true);
              setDraft(next);
            }}
            onSuggestName={(suggested) => {
              if (editing === undefined && !trimmed) setName(suggested);
            }}
          />
        ) : (
          <div className="field">
            <span>Entry (the value under mcpServers in config.json), or a whole mcpServers block</span>
            <JsonEditor
              value={text}
              onChange={(next) => {
                setTouched(true);
                setText(next);
              }}
              schema={block ? undefined : serverEntryJsonSchema}
              height={260}
              ariaLabel="Server entry JSON"
            />
          </div>
        )}
      </form>
      {notice ? (
        <p className="muted hint" role="status">
          {notice}
        </p>
      ) : null}
      {block ? <PastedBlock servers={block} /> : null}
      {mode === 'form' ? (
        <p className="muted hint">
          Paste a server’s <code>mcpServers</code> block from its README anywhere here: one server fills the
          form, several are added together. A value switched to Secret is kept in the secret store, not in
          config.json.
        </p>
      ) : (
        <p className="muted hint">
          A local server needs <code>command</code> (and usually <code>args</code>, <code>env</code>). A
          remote server needs <code>{'{ "url": "https://…" }'}</code> (<code>type</code> <code>http</code> or{' '}
          <code>sse</code> to choose the transport; values may use <code>{ENV_REFERENCE}</code> and{' '}
          <code>{INPUT_REFERENCE}</code>). Add <code>"autoStart": false</code> to start a server only when it
          is first used.
        </p>
      )}
      {touched && problems.length > 0 ? (
        <ul className="problems" aria-label="Problems">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="inline-error" role="alert">
          {block ? 'The servers could not be added' : 'The server could not be saved'}: {error}
        </p>
      ) : null}
    </Dialog>
  );
}
