// The Roots section: the folders servers may work in, Add folder, and the sidebar's short list of them.
import { type ReactNode, useId } from 'react';
import { useRootsView, useServerNames } from '../../store';
import { RootRow } from './RootRow';
import { seenByText, serversSeeing } from './sharing';
import { useAddFolder } from './useAddFolder';
import '../servers/servers.css';
import './roots.css';

/** "Add folder" with its own error line; used by the Roots view and the welcome view. */
export function AddFolderButton({ primary = true }: { primary?: boolean }): ReactNode {
  const { start, pending, error } = useAddFolder();
  return (
    <>
      <button
        type="button"
        className={primary ? 'primary' : undefined}
        disabled={pending}
        onClick={() => void start()}
      >
        Add folder
      </button>
      {error ? (
        <p className="inline-error add-folder-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The main area of the Roots section. */
export function RootsPage(): ReactNode {
  const view = useRootsView();
  const servers = useServerNames();
  const titleId = useId();
  const roots = view?.roots ?? [];

  return (
    <section className="roots-view" aria-labelledby={titleId}>
      <header className="roots-header">
        <div>
          <h1 id={titleId}>Roots</h1>
          <p className="muted">
            Folders your servers may work in. Every server sees all of them unless you limit it in the
            server's Roots tab, and Switchboard asks you before a server first gets them.
          </p>
        </div>
        <div className="roots-add">
          <AddFolderButton />
        </div>
      </header>
      {view === null ? (
        <p className="muted roots-empty">Loading folders…</p>
      ) : roots.length === 0 ? (
        <p className="muted roots-empty">
          No folders yet. Add one so servers such as the built-in workspace server can work with your files.
        </p>
      ) : (
        <ul className="root-list" aria-label="Shared folders">
          {roots.map((root) => (
            <RootRow key={root.uri} root={root} seenBy={seenByText(serversSeeing(view, root.uri, servers))} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The sidebar panel of the Roots section: the folders by name. */
export function RootsSidebar(): ReactNode {
  const roots = useRootsView()?.roots ?? [];
  return (
    <div className="sidebar">
      <div className="sidebar-header">
        <span className="sidebar-title">Folders</span>
      </div>
      {roots.length === 0 ? <p className="muted sidebar-empty">No folders shared.</p> : null}
      <ul className="roots-side-list">
        {roots.map((root) => (
          <li key={root.uri} className="roots-side-item" title={root.path}>
            <span className="folder-glyph" aria-hidden="true" />
            <span className="roots-side-name">{root.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
