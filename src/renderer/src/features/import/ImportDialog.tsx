// "Import servers…": servers found in other apps (or a chosen file, or pasted JSON), what each runs, and the name-clash choice.
import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import type { FoundServer, ImportScan } from '../../../../shared/importing';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { useRootsView } from '../../store';
import { LaunchDetails } from '../approvals/LaunchDetails';
import './import.css';

/** How VS Code's files write the workspace folder variable (shown as an example). */
const WORKSPACE_FOLDER = ['$', '{workspaceFolder}'].join('');

type Clash = 'skip' | 'rename' | 'replace';
type Source = { kind: 'apps' } | { kind: 'file'; path: string } | { kind: 'text'; text: string };

/** Scans on open; importing proposes the chosen servers, and the approval dialog follows. */
export function ImportDialog({ onClose }: { onClose: () => void }): ReactNode {
  const t = useT();
  const roots = useRootsView()?.roots ?? [];
  const [folder, setFolder] = useState('');
  const [path, setPath] = useState('');
  const [text, setText] = useState('');
  const [scan, setScan] = useState<ImportScan | null>(null);
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [clashes, setClashes] = useState<Record<string, Clash>>({});
  const [result, setResult] = useState<string | null>(null);
  const finding = useCommand();
  const importing = useCommand();
  const folderListId = useId();

  const find = useCallback(
    async (source: Source) => {
      setResult(null);
      const workspaceFolder = folder.trim() || undefined;
      const outcome = await finding.run((host) =>
        host.invoke('import.scan', {
          roots: roots.map((root) => root.path),
          ...(workspaceFolder ? { workspaceFolder } : {}),
          ...(source.kind === 'file' ? { path: source.path } : {}),
          ...(source.kind === 'text' ? { text: source.text } : {}),
        }),
      );
      if (!outcome.ok) return;
      setScan(outcome.value);
      setChosen(
        Object.fromEntries(
          outcome.value.servers
            .filter((server) => server.entry)
            .map((server) => [server.key, !server.exists]),
        ),
      );
      setClashes(Object.fromEntries(outcome.value.servers.map((server) => [server.key, 'rename' as Clash])));
    },
    [finding.run, folder, roots],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: one scan of the standard places when the dialog opens.
  useEffect(() => {
    void find({ kind: 'apps' });
  }, []);

  const picked = scan?.servers.filter((server) => server.entry && chosen[server.key]) ?? [];
  const submit = async () => {
    if (!scan || picked.length === 0) return;
    const outcome = await importing.run((host) =>
      host.invoke('import.add', {
        scanId: scan.id,
        choices: picked.map((server) => ({
          key: server.key,
          clash: server.exists ? (clashes[server.key] ?? 'rename') : 'skip',
        })),
      }),
    );
    if (!outcome.ok) return;
    const { added, skipped } = outcome.value;
    if (skipped.length === 0) onClose();
    else
      setResult(t('import.result', { count: added.length, names: skipped.join(t('import.listSeparator')) }));
  };

  return (
    <Dialog
      title={t('import.title')}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" onClick={onClose}>
            {t('import.cancel')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={picked.length === 0 || importing.pending}
            onClick={() => void submit()}
          >
            {t('import.submit', { count: picked.length })}
          </button>
        </>
      }
    >
      <p className="muted">{t('import.intro')}</p>
      <div className="import-sources">
        <label className="field">
          <span>{t('import.folder', { variable: WORKSPACE_FOLDER })}</span>
          <input
            type="text"
            list={folderListId}
            value={folder}
            spellCheck={false}
            onChange={(event) => setFolder(event.target.value)}
          />
          <datalist id={folderListId}>
            {roots.map((root) => (
              <option key={root.uri} value={root.path} />
            ))}
          </datalist>
        </label>
        <button type="button" disabled={finding.pending} onClick={() => void find({ kind: 'apps' })}>
          {t('import.findInApps')}
        </button>
        <label className="field">
          <span>{t('import.path')}</span>
          <input
            type="text"
            value={path}
            spellCheck={false}
            onChange={(event) => setPath(event.target.value)}
          />
        </label>
        <button
          type="button"
          disabled={finding.pending || path.trim() === ''}
          onClick={() => void find({ kind: 'file', path: path.trim() })}
        >
          {t('import.readFile')}
        </button>
        <label className="field">
          <span>{t('import.paste')}</span>
          <textarea
            rows={4}
            value={text}
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <button
          type="button"
          disabled={finding.pending || text.trim() === ''}
          onClick={() => void find({ kind: 'text', text })}
        >
          {t('import.readPasted')}
        </button>
      </div>
      {finding.error ? (
        <p className="inline-error" role="alert">
          {finding.error}
        </p>
      ) : null}
      {scan ? <ScanProblems scan={scan} /> : null}
      {scan && scan.servers.length === 0 ? <p role="status">{t('import.none')}</p> : null}
      {scan && scan.servers.length > 0 ? (
        <ul className="import-list" aria-label={t('import.listLabel')}>
          {scan.servers.map((server) => (
            <FoundItem
              key={server.key}
              server={server}
              chosen={chosen[server.key] === true}
              clash={clashes[server.key] ?? 'rename'}
              onChoose={(value) => setChosen((now) => ({ ...now, [server.key]: value }))}
              onClash={(value) => setClashes((now) => ({ ...now, [server.key]: value }))}
            />
          ))}
        </ul>
      ) : null}
      {importing.error ? (
        <p className="inline-error" role="alert">
          {importing.error}
        </p>
      ) : null}
      {result ? <p role="status">{result}</p> : null}
    </Dialog>
  );
}

function ScanProblems({ scan }: { scan: ImportScan }): ReactNode {
  const t = useT();
  if (scan.problems.length === 0) return null;
  return (
    <ul className="import-problems" aria-label={t('import.problemsLabel')}>
      {scan.problems.map((problem) => (
        <li key={problem.path}>
          <code>{problem.path}</code>: {problem.message}
        </li>
      ))}
    </ul>
  );
}

type FoundItemProps = {
  server: FoundServer;
  chosen: boolean;
  clash: Clash;
  onChoose: (chosen: boolean) => void;
  onClash: (clash: Clash) => void;
};

function FoundItem({ server, chosen, clash, onChoose, onClash }: FoundItemProps): ReactNode {
  const t = useT();
  const titleId = useId();
  return (
    <li className="import-item" aria-labelledby={titleId}>
      <label className="import-choose">
        <input
          type="checkbox"
          checked={chosen}
          disabled={!server.entry}
          aria-label={t('import.item.label', { name: server.name, app: server.source.app })}
          onChange={(event) => onChoose(event.target.checked)}
        />
        <strong id={titleId}>{server.name}</strong>
        <span className="muted">
          {server.source.app} — {server.source.path}
        </span>
      </label>
      {server.launch ? <LaunchDetails launch={server.launch} /> : null}
      {server.exists && server.entry ? (
        <label className="field import-clash">
          <span>{t('import.item.exists', { name: server.name })}</span>
          <select
            value={clash}
            aria-label={t('import.item.clashLabel', { name: server.name })}
            onChange={(event) => onClash(event.target.value as Clash)}
          >
            <option value="rename">{t('import.item.rename')}</option>
            <option value="replace">{t('import.item.replace')}</option>
            <option value="skip">{t('import.item.skip')}</option>
          </select>
        </label>
      ) : null}
      {server.notes.length > 0 ? (
        <ul className="import-notes">
          {server.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
