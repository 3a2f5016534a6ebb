// Shapes of roots (the folders servers may work in), per-server sharing, and the host's folder browser.

export type RootView = {
  /** Percent-encoded `file://` URI of the real (symlink-resolved) folder. */
  uri: string;
  name: string;
  /** The folder's real path, for display. */
  path: string;
};

/** What one server may see: every root, or the listed ones; `readOnly` lists those its sandbox may only read. */
export type ServerRoots = { mode: 'all' | 'subset'; uris: string[]; confirmed: boolean; readOnly?: string[] };

export type RootsView = { roots: RootView[]; servers: { [server: string]: ServerRoots } };

/** A question to the person before a server first receives roots. */
export type RootsConfirmation = { id: string; server: string; roots: RootView[]; requestedAt: number };

export type FolderListing = {
  path: string;
  parent?: string;
  home: string;
  folders: { name: string; path: string }[];
};
