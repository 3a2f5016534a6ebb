// Path and keyboard helpers of the folder browser: names of paths, what "Add this folder" adds, list movement.
import type { FolderListing } from '../../../../shared/roots';

/** The last segment of a POSIX or Windows path (`/` and `C:\` stay whole). */
export function baseName(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  if (trimmed === '' || /^[A-Za-z]:$/.test(trimmed)) return path;
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return cut < 0 ? trimmed : trimmed.slice(cut + 1);
}

/** A typed path as the host should get it: trimmed, `~` and `~/…` resolved against the home folder. */
export function typedPath(text: string, home: string | undefined): string {
  const value = text.trim();
  if (!home) return value;
  if (value === '~') return home;
  if (value.startsWith('~/') || value.startsWith('~\\')) {
    const sep = home.includes('\\') && !home.includes('/') ? '\\' : '/';
    return `${home.replace(/[\\/]+$/, '')}${sep}${value.slice(2)}`;
  }
  return value;
}

/** The folder "Add this folder" adds: the selected one when it is listed here, else the one shown. */
export function addTarget(listing: FolderListing | null, selected: string | null): string | null {
  if (!listing) return null;
  if (selected !== null && listing.folders.some((folder) => folder.path === selected)) return selected;
  return listing.path;
}

/** Where a key moves the selection in a list of `count` rows; undefined for keys that do not move it. */
export function moveSelection(index: number, key: string, count: number, page = 10): number | undefined {
  if (count === 0) return undefined;
  const last = count - 1;
  const from = index < 0 ? -1 : index;
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, from + 1);
    case 'ArrowUp':
      return from < 0 ? 0 : Math.max(0, from - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(last, Math.max(0, from) + page);
    case 'PageUp':
      return Math.max(0, from - page);
    default:
      return undefined;
  }
}

/** The first row whose name starts with the typed letters (case-insensitive), searching after `index` first. */
export function findByPrefix(names: readonly string[], prefix: string, index: number): number | undefined {
  const wanted = prefix.toLocaleLowerCase();
  if (wanted === '') return undefined;
  for (let step = 1; step <= names.length; step += 1) {
    const at = (index + step + names.length) % names.length;
    if (names[at]?.toLocaleLowerCase().startsWith(wanted)) return at;
  }
  return undefined;
}
