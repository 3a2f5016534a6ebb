// Files on their way from the window to the host: bounded uploads in chunks, held in memory until a message takes them.
import { randomBytes } from 'node:crypto';
import { classifyFile, UPLOAD_CHUNK_BYTES } from '../../shared/attachments';
import type { FileAttachment } from '../../shared/resources';
import { HostFault } from '../errors';
import { checkContents } from './fileContents';

/** Bytes all unsent uploads may hold together. */
const MAX_PENDING_BYTES = 64 * 1024 * 1024;
/** An upload no message took within this time is dropped. */
const TTL_MS = 30 * 60 * 1000;

type Upload = {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  as: 'text' | 'image';
  chunks: Buffer[];
  received: number;
  finished?: FileAttachment;
  touched: number;
};

export type UploadOptions = { maxPendingBytes?: number; ttlMs?: number; now?: () => number };

/**
 * Uploads by id. Each is announced with its name, type and size (refused at once when the file
 * cannot be attached), sent in chunks of at most `UPLOAD_CHUNK_BYTES` in order, and finished, when
 * its contents are checked. `take` hands a finished upload to the message that carries it.
 */
export class UploadStore {
  private readonly uploads = new Map<string, Upload>();
  private readonly maxPending: number;
  private readonly ttl: number;
  private readonly now: () => number;

  constructor(options: UploadOptions = {}) {
    this.maxPending = options.maxPendingBytes ?? MAX_PENDING_BYTES;
    this.ttl = options.ttlMs ?? TTL_MS;
    this.now = options.now ?? Date.now;
  }

  begin(file: { name: string; mimeType: string; size: number }): { id: string; chunkBytes: number } {
    this.prune();
    const verdict = classifyFile(file.name, file.mimeType, file.size);
    if (!verdict.ok) throw new HostFault('invalid_input', verdict.reason);
    if (this.pendingBytes() + file.size > this.maxPending) {
      throw new HostFault('invalid_input', {
        id: 'host.attachments.tooManyWaiting',
        values: { name: file.name },
      });
    }
    const id = randomBytes(12).toString('base64url');
    this.uploads.set(id, {
      id,
      name: file.name,
      mimeType: verdict.mimeType,
      size: file.size,
      as: verdict.as,
      chunks: [],
      received: 0,
      touched: this.now(),
    });
    return { id, chunkBytes: UPLOAD_CHUNK_BYTES };
  }

  /** Adds the chunk that starts at `offset` (base64); chunks come in order. */
  chunk(id: string, offset: number, data: string): { received: number } {
    const upload = this.pending(id);
    if (upload.finished)
      throw new HostFault('invalid_input', {
        id: 'host.attachments.alreadyComplete',
        values: { name: upload.name },
      });
    if (offset !== upload.received) {
      throw new HostFault('invalid_input', {
        id: 'host.attachments.wrongOffset',
        values: { name: upload.name, expected: upload.received, offset },
      });
    }
    const bytes = Buffer.from(data, 'base64');
    if (bytes.length > UPLOAD_CHUNK_BYTES || upload.received + bytes.length > upload.size) {
      this.uploads.delete(id);
      throw new HostFault('invalid_input', {
        id: 'host.attachments.largerThanAnnounced',
        values: { name: upload.name },
      });
    }
    upload.chunks.push(bytes);
    upload.received += bytes.length;
    upload.touched = this.now();
    return { received: upload.received };
  }

  /** Checks the whole file; a file that is not what its name says is refused (and forgotten). */
  finish(id: string): FileAttachment {
    const upload = this.pending(id);
    if (upload.finished) return upload.finished;
    if (upload.received !== upload.size) {
      throw new HostFault('invalid_input', {
        id: 'host.attachments.incomplete',
        values: { name: upload.name, received: upload.received, size: upload.size },
      });
    }
    const bytes = Buffer.concat(upload.chunks);
    const checked = checkContents(upload.name, upload.as, upload.mimeType, bytes);
    if (!checked.ok) {
      this.uploads.delete(id);
      throw new HostFault('invalid_input', checked.reason);
    }
    upload.chunks = [bytes];
    upload.touched = this.now();
    upload.finished = {
      kind: 'file',
      id,
      name: upload.name,
      mimeType: checked.mimeType,
      size: upload.size,
      as: upload.as,
    };
    return upload.finished;
  }

  cancel(id: string): void {
    this.uploads.delete(id);
  }

  /** Hands over a finished upload and forgets it; undefined when there is none by that id. */
  take(id: string): { file: FileAttachment; bytes: Buffer } | undefined {
    const upload = this.uploads.get(id);
    if (!upload?.finished) return undefined;
    this.uploads.delete(id);
    return { file: upload.finished, bytes: upload.chunks[0] ?? Buffer.alloc(0) };
  }

  private pending(id: string): Upload {
    this.prune();
    const upload = this.uploads.get(id);
    if (!upload) {
      throw new HostFault('not_found', { id: 'host.attachments.uploadExpired' });
    }
    return upload;
  }

  private pendingBytes(): number {
    let total = 0;
    for (const upload of this.uploads.values()) total += upload.size;
    return total;
  }

  private prune(): void {
    const oldest = this.now() - this.ttl;
    for (const [id, upload] of this.uploads) if (upload.touched < oldest) this.uploads.delete(id);
  }
}
