// What "Import servers…" finds in other apps' configurations, as the host reports it to the page.
import type { InputConfig } from './configSchema';
import type { LaunchView } from './serverApprovals';
import type { ServerEntry } from './types';

/** One server found elsewhere, ready to propose (or, with no entry, one that cannot be imported and why). */
export type FoundServer = {
  /** Names this find within one scan. */
  key: string;
  name: string;
  /** The app, and the file (with `~`) or "pasted text". */
  source: { app: string; path: string };
  entry?: ServerEntry;
  launch?: LaunchView;
  /** Inputs (`${input:…}`) the entry uses, declared in the app's file; added to ours on import. */
  inputs: InputConfig[];
  /** What could not be carried over as it was, in plain words (unknown variables, ignored keys …). */
  notes: string[];
  /** A server of this name is already configured. */
  exists: boolean;
};

/** What one scan found, and the files that were there but could not be read. */
export type ImportScan = {
  id: string;
  servers: FoundServer[];
  problems: { path: string; message: string }[];
  /** Every standard place that was looked at. */
  searched: string[];
};
