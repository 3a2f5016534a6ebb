// The Roots section: the folders servers may work in, Add folder, and the sidebar's short list of them.
import { type ReactNode, useId } from 'react';
import { useT } from '../../i18n';
import { useRootsView, useServerNames } from '../../store';
import { RootRow } from './RootRow';
import { seenByText, serversSeeing } from './sharing';
import { useAddFolder } from './useAddFolder';
import '../servers/servers.css';
import './roots.css';

/** "Add folder" with its own error line; used by the Roots view and the welcome view. */
export function AddFolderButton({ primary = true }: { primary?: boolean }): ReactNode {
  const t = useT();
  const { start, pending, error } = useAddFolder();
  return (
    <>
      <button
        type="button"
        className={primary ? 'primary' : undefined}
        disabled={pending}
        onClick={() => void start()}
      >
        {t('roots.addFolder')}
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
  const t = useT();
  const view = useRootsView();
  const servers = useServerNames();
  const titleId = useId();
  const roots = view?.roots ?? [];

  return (
    <section className="roots-view" aria-labelledby={titleId}>
      <header className="roots-header">
        <div>
          <h1 id={titleId}>{t('roots.page.title')}</h1>
          <p className="muted">{t('roots.page.intro')}</p>
        </div>
        <div className="roots-add">
          <AddFolderButton />
        </div>
      </header>
      {view === null ? (
        <p className="muted roots-empty">{t('roots.loading')}</p>
      ) : roots.length === 0 ? (
        <p className="muted roots-empty">{t('roots.page.empty')}</p>
      ) : (
        <ul className="root-list" aria-label={t('roots.page.listLabel')}>
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
  const t = useT();
  const roots = useRootsView()?.roots ?? [];
  return (
    <div className="sidebar">
      <div className="sidebar-header">
        <span className="sidebar-title">{t('roots.folders')}</span>
      </div>
      {roots.length === 0 ? <p className="muted sidebar-empty">{t('roots.sidebar.empty')}</p> : null}
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
