// How large a bundle may be, packed and unpacked: known without loading the bundle library.

/** Bundles larger than this are refused (256 MiB). */
export const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;

/** How far a bundle may unpack: its files' total size, and that total against the size of the bundle. */
export type UnpackLimits = {
  /** The most all files of one bundle may hold once unpacked. */
  maxUnpackedBytes: number;
  /** The most the files may hold per byte of the bundle (100 means 100:1). */
  maxRatio: number;
};

export const DEFAULT_UNPACK_LIMITS: UnpackLimits = { maxUnpackedBytes: 512 * 1024 * 1024, maxRatio: 100 };

/** Bundles that unpack to no more than this are never refused for their ratio: small text files can pack tightly. */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

/** The zip entries one bundle may have. */
export const MAX_BUNDLE_ENTRIES = 100_000;

/** manifest.json is read into memory: larger ones are refused. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;

/**
 * The unpack limits from `SWITCHBOARD_BUNDLE_MAX_UNPACKED_MB` (MiB) and `SWITCHBOARD_BUNDLE_MAX_RATIO`;
 * a value that is not a positive number is ignored.
 */
export function unpackLimitsFrom(env: NodeJS.ProcessEnv): Partial<UnpackLimits> {
  const positive = (text: string | undefined) => {
    const value = Number(text);
    return text !== undefined && text.trim() !== '' && Number.isFinite(value) && value > 0
      ? value
      : undefined;
  };
  const megabytes = positive(env.SWITCHBOARD_BUNDLE_MAX_UNPACKED_MB);
  const ratio = positive(env.SWITCHBOARD_BUNDLE_MAX_RATIO);
  return {
    ...(megabytes !== undefined ? { maxUnpackedBytes: Math.floor(megabytes * 1024 * 1024) } : {}),
    ...(ratio !== undefined ? { maxRatio: ratio } : {}),
  };
}
