// Browser mode's page route for install links: `#install=<urlencoded link>` opens the Install link dialog, filled in.
import { useEffect } from 'react';
import { actions } from '../../store';

const PREFIX = '#install=';

/** The link in `hash`, or undefined when the page was not opened with one. */
export function linkFromHash(hash: string): string | undefined {
  if (!hash.startsWith(PREFIX)) return undefined;
  try {
    const link = decodeURIComponent(hash.slice(PREFIX.length)).trim();
    return link || undefined;
  } catch {
    return undefined;
  }
}

/** Opens the Install link dialog for a link in the address (once), and takes the link out of the address. */
export function useInstallRoute(): void {
  useEffect(() => {
    const open = () => {
      const link = linkFromHash(window.location.hash);
      if (link === undefined) return;
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
      actions.dialogOpened({ kind: 'link', link });
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
}
