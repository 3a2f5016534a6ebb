// The Add server / Edit server dialog: a form of the entry's fields, the JSON one click away, and pasted blocks.
import { type ClipboardEvent, type ReactNode, useMemo, useState } from 'react';
import { inputIdsOf } from '../../../../shared/inputReferences';
import { blockText, looksLikeEntry, readPastedServers } from '../../../../shared/serverPaste';
import type { ServerEntry } from '../../../../shared/types';
import { Dialog } from '../../components/Dialog';
import { JsonEditor } from '../../components/JsonEditor';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
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
/** The smallest remote entry (shown as an example). */
const URL_EXAMPLE = '{ "url": "https://…" }';

const code = (chunks: ReactNode[]) => <code>{chunks}</code>;

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
  const t = useT();

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
      ? [t('serverEditor.problem.emptyBlock')]
      : []
    : [
        ...nameErrors.map((message) => t('serverEditor.problem.name', { message })),
        ...(pasted?.kind === 'servers' ? [t('serverEditor.problem.blockWhileEditing')] : []),
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
      setNotice(t('serverEditor.notice.blockWhileEditing', { count: servers.length }));
      return;
    }
    const [one] = servers;
    const valid = one && servers.length === 1 ? checkEntryValue(one.entry).entry : null;
    if (one && valid) {
      if (one.name !== undefined && editing === undefined) setName(one.name);
      setDraft(draftFromEntry(valid));
      setNotice(
        one.name
          ? t('serverEditor.notice.filledFromBlock', { name: one.name })
          : t('serverEditor.notice.filledFromEntry'),
      );
      return;
    }
    setText(read.kind === 'servers' ? blockText(read.servers) : entryText(read.entry as ServerEntry));
    setMode('json');
    setNotice(servers.length > 1 ? null : t('serverEditor.notice.pastedProblems'));
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
      title={editing ? t('serverEditor.title.edit') : t('serverEditor.title.add')}
      onClose={onClose}
      wide
      footer={
        <>
          {mode === 'form' ? (
            <button type="button" className="footer-start" onClick={toJson}>
              {t('serverEditor.editAsJson')}
            </button>
          ) : (
            <button
              type="button"
              className="footer-start"
              disabled={block ? blockCount !== 1 : !check.entry}
              title={block && blockCount !== 1 ? t('serverEditor.severalAsIs') : undefined}
              onClick={toForm}
            >
              {t('serverEditor.editAsForm')}
            </button>
          )}
          <button type="button" onClick={onClose}>
            {t('serverEditor.cancel')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={!canSave || pending}
            onClick={() => void save()}
          >
            {pending
              ? t('serverEditor.saving')
              : block
                ? t('serverEditor.addServers', { count: blockCount })
                : t('serverEditor.save')}
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
            <span>{t('serverEditor.name')}</span>
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
            <span>{t('serverEditor.json.label')}</span>
            <JsonEditor
              value={text}
              onChange={(next) => {
                setTouched(true);
                setText(next);
              }}
              schema={block ? undefined : serverEntryJsonSchema}
              height={260}
              ariaLabel={t('serverEditor.json.ariaLabel')}
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
          <Message id="serverEditor.hint.form" values={{ code }} />
        </p>
      ) : (
        <p className="muted hint">
          <Message
            id="serverEditor.hint.json"
            values={{
              code,
              urlExample: URL_EXAMPLE,
              envReference: ENV_REFERENCE,
              inputReference: INPUT_REFERENCE,
            }}
          />
        </p>
      )}
      {touched && problems.length > 0 ? (
        <ul className="problems" aria-label={t('serverEditor.problems')}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="inline-error" role="alert">
          {block ? t('serverEditor.error.add', { error }) : t('serverEditor.error.save', { error })}
        </p>
      ) : null}
    </Dialog>
  );
}
