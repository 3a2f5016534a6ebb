// Builds zips byte by byte for tests, with whatever sizes their directory should claim: zip bombs, honest or lying.
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One file of the zip: its deflated bytes, what it really inflates to, and (to lie) what the directory says. */
export type RawEntry = {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
  /** The uncompressed size the local header and directory claim; `size` when absent. */
  claimedSize?: number;
};

/** An entry whose deflated bytes are `text`'s. */
export function textEntry(name: string, text: string): RawEntry {
  const data = Buffer.from(text);
  return { name, deflated: deflateRawSync(data), size: data.byteLength, crc: crc32(data) };
}

/**
 * `mebibytes` MiB of zeros as one entry, built without ever holding them: a fully flushed block for one MiB
 * does not refer back past itself, so repeating it and closing with an empty final block is a valid stream.
 */
export function zerosEntry(name: string, mebibytes: number): RawEntry {
  const mib = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(mib, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const last = deflateRawSync(Buffer.alloc(0));
  const deflated = Buffer.concat([...Array.from({ length: mebibytes }, () => block), last]);
  let crc = 0;
  for (let i = 0; i < mebibytes; i += 1) crc = crc32(mib, crc);
  return { name, deflated, size: mebibytes * mib.byteLength, crc };
}

/** The zip of `entries`, every one deflated, with each size as its `claimedSize` says. */
export function rawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const claimed = entry.claimedSize ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.deflated.byteLength, 18);
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(name.byteLength, 26);
    locals.push(local, name, entry.deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.deflated.byteLength, 20);
    central.writeUInt32LE(claimed, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + entry.deflated.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
