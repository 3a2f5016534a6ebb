// The host-served folder browser ("Choose a folder"): folders only, a Path box, Up, and "Add this folder".
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FolderListing } from '../../../../shared/roots';
import { useHost } from '../../api';
import { isComposing } from '../../components/composing';
import { Dialog } from '../../components/Dialog';
import { describeError } from '../../components/format';
import { Message, useT } from '../../i18n';
import { actions } from '../../store';
import { addTarget, baseName, findByPrefix, moveSelection, typedPath } from './folderPaths';
import { addFailedText } from './useAddFolder';
import './roots.css';

/** Lists folders through `folders.list`; the newest request wins. */
function useListing() {
  const host = useHost();
  const [listing, setListing] = useState<FolderListing | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const open = useCallback(
    async (path?: string): Promise<boolean> => {
      const ticket = ++latest.current;
      setLoading(true);
      setError(null);
      try {
        const next = await host.invoke('folders.list', path === undefined ? {} : { path });
        if (ticket !== latest.current) return false;
        setListing(next);
        return true;
      } catch (caught) {
        if (ticket === latest.current) setError(describeError(caught));
        return false;
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [host],
  );
  return { listing, loading, error, setError, open };
}

/** The folder list as an ARIA listbox: arrows select, Enter or a double-click opens, letters jump. */
function FolderList({
  listing,
  selected,
  onSelect,
  onOpen,
  onUp,
}: {
  listing: FolderListing;
  selected: number;
  onSelect: (index: number) => void;
  onOpen: (path: string) => void;
  onUp: () => void;
}): ReactNode {
  const t = useT();
  const base = useId();
  const names = listing.folders.map((folder) => folder.name);
  const activeId = selected >= 0 ? `${base}-${selected}` : undefined;

  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  // The first listing puts the keyboard in the list; later ones leave focus where it is.
  useEffect(() => box.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isComposing(event)) return;
    const moved = moveSelection(selected, event.key, names.length);
    const folder = listing.folders[selected];
    if (moved !== undefined) onSelect(moved);
    else if (event.key === 'Enter' && folder) onOpen(folder.path);
    else if ((event.key === 'Backspace' || (event.key === 'ArrowUp' && event.altKey)) && listing.parent)
      onUp();
    else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const found = findByPrefix(names, event.key, selected);
      if (found === undefined) return;
      onSelect(found);
    } else return;
    event.preventDefault();
  };

  return (
    <>
      {listing.folders.length === 0 ? <p className="folder-empty muted">{t('roots.browser.empty')}</p> : null}
      <div
        ref={box}
        className="folder-list"
        role="listbox"
        aria-label={t('roots.folders')}
        tabIndex={0}
        aria-activedescendant={activeId}
        onKeyDown={onKeyDown}
      >
        {listing.folders.map((folder, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the listbox (aria-activedescendant)
          // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keyboard
          <div
            key={folder.path}
            id={`${base}-${index}`}
            role="option"
            aria-selected={index === selected}
            className="folder-row"
            title={folder.path}
            onClick={() => onSelect(index)}
            onDoubleClick={() => onOpen(folder.path)}
          >
            <span className="folder-glyph" aria-hidden="true" />
            {folder.name}
          </div>
        ))}
      </div>
    </>
  );
}

/** Mount to open; it closes itself after adding a folder, or on Cancel / Escape. */
export function FolderBrowser(): ReactNode {
  const t = useT();
  const host = useHost();
  const { listing, loading, error, setError, open } = useListing();
  const [pathText, setPathText] = useState('');
  const [selected, setSelected] = useState(-1);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);

  const go = useCallback(
    async (path?: string) => {
      setAddError(null);
      if (await open(path)) setSelected(-1);
    },
    [open],
  );

  useEffect(() => {
    void go();
  }, [go]);

  // Give focus back to what opened the browser (the dialog is gone before it could do so itself).
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement) requestAnimationFrame(() => opener.isConnected && opener.focus());
    },
    [opener],
  );

  useEffect(() => {
    if (listing) setPathText(listing.path);
  }, [listing]);

  const close = () => actions.folderBrowserClosed();
  const selectedPath = listing?.folders[selected]?.path ?? null;
  const target = addTarget(listing, selectedPath);

  const add = async () => {
    if (!target || adding) return;
    setAdding(true);
    setAddError(null);
    try {
      actions.rootsChanged(await host.invoke('roots.add', { path: target }));
      close();
    } catch (caught) {
      setAddError(addFailedText(caught));
    } finally {
      setAdding(false);
    }
  };

  const onPathKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || isComposing(event)) return;
    event.preventDefault();
    const path = typedPath(pathText, listing?.home);
    if (path === '') setError(t('roots.browser.typePath'));
    else void go(path);
  };

  const up = () => {
    if (listing?.parent) void go(listing.parent);
  };

  return (
    <Dialog
      title={t('roots.browser.title')}
      onClose={close}
      wide
      footer={
        <>
          <span className="folder-target muted">
            {target ? (
              <Message
                id="roots.browser.adds"
                values={{ name: baseName(target), strong: (chunks) => <strong>{chunks}</strong> }}
              />
            ) : null}
          </span>
          <button type="button" onClick={close}>
            {t('roots.cancel')}
          </button>
          <button type="button" className="primary" disabled={!target || adding} onClick={() => void add()}>
            {t('roots.browser.add')}
          </button>
        </>
      }
    >
      <div className="folder-bar">
        <button type="button" disabled={!listing?.parent || loading} onClick={up}>
          {t('roots.browser.up')}
        </button>
        <button type="button" disabled={!listing || loading} onClick={() => void go(listing?.home)}>
          {t('roots.browser.home')}
        </button>
        <label className="folder-path">
          <span>{t('roots.browser.path')}</span>
          <input
            type="text"
            value={pathText}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => setPathText(event.target.value)}
            onKeyDown={onPathKey}
          />
        </label>
      </div>
      <p className="muted folder-hint">{t('roots.browser.hint')}</p>
      <div className="folder-pane" aria-busy={loading}>
        {listing ? (
          <FolderList listing={listing} selected={selected} onSelect={setSelected} onOpen={go} onUp={up} />
        ) : loading ? (
          <p className="folder-empty muted">{t('roots.loading')}</p>
        ) : null}
      </div>
      {(error ?? addError) ? (
        <p className="inline-error folder-error" role="alert">
          {error ?? addError}
        </p>
      ) : null}
    </Dialog>
  );
}
