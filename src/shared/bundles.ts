// What the window sees of an opened .mcpb bundle: who made it, whether it is signed, and what it asks for.

/** The largest bundle that may be dropped on the window (its bytes cross the page's link in one message); larger ones are opened by path. */
export const MAX_DROPPED_BUNDLE_BYTES = 11 * 1024 * 1024;

export type BundleSignature = {
  /** `invalid`: the file carries a signature that does not check out (changed after signing, or an untrusted certificate). */
  status: 'signed' | 'self-signed' | 'unsigned' | 'invalid';
  publisher?: string;
};

/** One `user_config` value the bundle asks for. */
export type BundleField = {
  key: string;
  type: 'string' | 'number' | 'boolean' | 'directory' | 'file';
  title: string;
  description: string;
  required: boolean;
  /** Kept in the secret store, never in config.json. */
  sensitive: boolean;
  multiple: boolean;
  default?: string;
};

/** A bundle unpacked into the data folder and checked, waiting for the person's values. */
export type BundleView = {
  /** Names the unpacked bundle in `bundles.install`. */
  id: string;
  /** Where it was opened from, in plain words. */
  source: string;
  name: string;
  displayName?: string;
  version: string;
  description: string;
  author: string;
  signature: BundleSignature;
  serverType: string;
  suggestedName: string;
  fields: BundleField[];
};
