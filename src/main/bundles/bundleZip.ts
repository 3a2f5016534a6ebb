// Reads a bundle's zip without trusting it: the central directory first (paths, sizes, ratio), then each file
// inflated as a stream, its bytes counted against what the directory said.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Entry, fromBuffer, getFileNameLowLevel, type ZipFile } from 'yauzl';
import { sizeText } from '../../shared/attachments';
import { HostFault, type HostText, messageOf } from '../errors';
import { MAX_BUNDLE_ENTRIES, RATIO_FLOOR_BYTES, type UnpackLimits } from './limits';

declare module 'yauzl' {
  interface Entry {
    fileNameRaw: Buffer;
  }
  function getFileNameLowLevel(
    generalPurposeBitFlag: number,
    fileName: Buffer,
    extraFields: Entry['extraFields'],
    strictFileNames: boolean,
  ): string;
}

/** One entry of the zip: a file to write (its size as the directory says), or a folder. */
export type ZipItem = { name: string; folder: boolean; size: number; executable: boolean; entry: Entry };

const UNIX = 3;
const TYPE_MASK = 0o170000;
const SYMLINK = 0o120000;

/** Why a zip entry's path may not be written, or undefined when it stays inside the bundle's folder. */
export function entryPathProblem(name: string): HostText | undefined {
  const parts = name.split(/[\\/]/);
  const escapes =
    name.startsWith('/') ||
    name.startsWith('\\') ||
    /^[A-Za-z]:/.test(name) ||
    parts.includes('..') ||
    name.includes('\0');
  return escapes ? leavesFolder(name) : undefined;
}

function leavesFolder(name: string): HostText {
  return { id: 'host.bundles.leavesFolder', values: { name: name.slice(0, 120) } };
}

/** A zip whose directory passed every check: no path leaves the folder, and its sizes are within the limits. */
export class BundleZip {
  private constructor(
    private readonly zip: ZipFile,
    readonly items: readonly ZipItem[],
    /** What every file holds together, as the directory says; inflating may never pass it. */
    readonly total: number,
  ) {}

  /** Reads the directory of the zip `bytes`; refuses it when a path leaves its folder or it would unpack too far. */
  static async open(bytes: Buffer, limits: UnpackLimits): Promise<BundleZip> {
    const zip = await new Promise<ZipFile>((done, fail) =>
      fromBuffer(
        bytes,
        { lazyEntries: true, decodeStrings: false, validateEntrySizes: false },
        (error, file) => (error ? fail(notAZip(error)) : done(file)),
      ),
    );
    try {
      if (zip.entryCount > MAX_BUNDLE_ENTRIES) {
        throw new HostFault('too_large', {
          id: 'host.bundles.tooManyFiles',
          values: { count: zip.entryCount, max: MAX_BUNDLE_ENTRIES },
        });
      }
      const items = (await directoryOf(zip)).map(itemOf);
      const seen = new Set<string>();
      for (const item of items) {
        const key = item.name.replace(/\/+$/, '');
        if (seen.has(key)) {
          throw new HostFault('forbidden', {
            id: 'host.bundles.duplicateFile',
            values: { name: key.slice(0, 120) },
          });
        }
        seen.add(key);
      }
      const total = items.reduce((sum, item) => sum + item.size, 0);
      refuseBeyond(limits, total, bytes.byteLength);
      return new BundleZip(zip, items, total);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** The file `name` in memory, or undefined when there is none; one larger than `maxBytes` is refused. */
  async read(name: string, maxBytes: number): Promise<Buffer | undefined> {
    const item = this.items.find((candidate) => !candidate.folder && candidate.name === name);
    if (!item) return undefined;
    if (item.size > maxBytes) {
      throw new HostFault('too_large', {
        id: 'host.bundles.fileTooLarge',
        values: { name, size: sizeText(item.size), max: sizeText(maxBytes) },
      });
    }
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    await this.inflate(item, { remaining: item.size }, sink);
    return Buffer.concat(chunks);
  }

  /**
   * Writes every file under `root`, one at a time, as it inflates: never more bytes than the directory said.
   * Links are written as plain files holding their target; modes keep only whether a file may be run.
   */
  async extractTo(root: string): Promise<void> {
    const base = resolve(root);
    await mkdir(base, { recursive: true, mode: 0o700 });
    const running = { remaining: this.total };
    for (const item of this.items) {
      const target = resolve(base, item.name);
      if (target === base && item.folder) continue;
      // Checked by name already; this is the second line, on the path as the file system sees it.
      if (!target.startsWith(base + sep)) throw new HostFault('forbidden', leavesFolder(item.name));
      try {
        if (item.folder) {
          await mkdir(target, { recursive: true, mode: 0o755 });
          continue;
        }
        await mkdir(dirname(target), { recursive: true, mode: 0o755 });
      } catch (error) {
        throw damaged(item, error);
      }
      // 'wx': a name already written (or anything else already there) is an error, never overwritten or followed.
      const file = createWriteStream(target, { flags: 'wx', mode: item.executable ? 0o755 : 0o644 });
      await this.inflate(item, running, file);
    }
  }

  close(): void {
    this.zip.close();
  }

  private async inflate(item: ZipItem, running: { remaining: number }, sink: Writable): Promise<void> {
    try {
      const stream = await new Promise<Readable>((done, fail) =>
        this.zip.openReadStream(item.entry, (error, opened) => (error ? fail(error) : done(opened))),
      );
      await pipeline(stream, counted(item, running), sink);
    } catch (error) {
      throw error instanceof HostFault ? error : damaged(item, error);
    }
  }
}

/**
 * Passes `item`'s bytes on while they stay within what the directory said: for the file, and, as a running
 * total, for the whole bundle. A directory that lies is caught here, before more than it said is inflated.
 */
function counted(item: ZipItem, running: { remaining: number }): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.byteLength;
      running.remaining -= chunk.byteLength;
      if (seen > item.size || running.remaining < 0) {
        callback(
          new HostFault('too_large', {
            id: 'host.bundles.unpacksLarger',
            values: { name: item.name.slice(0, 120), size: sizeText(item.size) },
          }),
        );
        return;
      }
      callback(null, chunk);
    },
    flush(callback) {
      callback(seen === item.size ? null : damaged(item, new Error('it holds less than its zip says')));
    },
  });
}

/** Refuses a total beyond the limit, and a high ratio of total to packed size (a zip bomb's mark). */
function refuseBeyond(limits: UnpackLimits, total: number, packed: number): void {
  if (total > limits.maxUnpackedBytes) {
    throw new HostFault('too_large', {
      id: 'host.bundles.unpackedTooLarge',
      values: { size: sizeText(total), max: sizeText(limits.maxUnpackedBytes) },
    });
  }
  const ratio = total / Math.max(packed, 1);
  if (total > RATIO_FLOOR_BYTES && ratio > limits.maxRatio) {
    throw new HostFault('too_large', {
      id: 'host.bundles.ratioTooHigh',
      values: {
        packed: sizeText(packed),
        size: sizeText(total),
        ratio: Math.round(ratio),
        max: limits.maxRatio,
      },
    });
  }
}

function directoryOf(zip: ZipFile): Promise<Entry[]> {
  return new Promise((done, fail) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => done(entries));
    zip.once('error', (error: Error) => fail(notAZip(error)));
    zip.readEntry();
  });
}

function itemOf(entry: Entry): ZipItem {
  // Strict: backslashes stay, so the path check sees them; they are separators once it has passed.
  const raw = getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
  const problem = raw === '' ? { id: 'host.bundles.nameless' } : entryPathProblem(raw);
  if (problem) throw new HostFault('forbidden', problem);
  const name = raw.replace(/\\/g, '/');
  if (entry.isEncrypted()) {
    throw new HostFault('unsupported', {
      id: 'host.bundles.encrypted',
      values: { name: name.slice(0, 120) },
    });
  }
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new HostFault('unsupported', {
      id: 'host.bundles.unknownCompression',
      values: { name: name.slice(0, 120), method: entry.compressionMethod },
    });
  }
  const mode = entry.versionMadeBy >> 8 === UNIX ? entry.externalFileAttributes >>> 16 : 0;
  const folder = name.endsWith('/');
  return {
    name,
    folder,
    size: entry.uncompressedSize,
    executable: !folder && (mode & TYPE_MASK) !== SYMLINK && (mode & 0o111) !== 0,
    entry,
  };
}

function notAZip(error: unknown): HostFault {
  return error instanceof HostFault
    ? error
    : new HostFault('invalid_input', { id: 'host.bundles.notABundle', values: { error: messageOf(error) } });
}

/** A file that would not inflate (a damaged zip), or could not be written where it goes. */
function damaged(item: ZipItem, error: unknown): HostFault {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new HostFault('invalid_input', {
    id: 'host.bundles.cannotUnpack',
    values: {
      name: item.name.slice(0, 120),
      writing: typeof code === 'string' && code.startsWith('E') ? 'yes' : 'no',
      error: messageOf(error),
    },
  });
}
