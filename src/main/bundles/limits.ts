// How large a bundle may be: known without loading the bundle library.

/** Bundles larger than this are refused (256 MiB). */
export const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;
