// One server's log (stderr, stray stdout, notifications, host notes) and protocol log, kept bounded and batched.
import type { CappedFrame, Json, LogEntry, LogLevel, WireEntry } from '../../../shared/types';
import { Emitter } from '../../emitter';
import { messageOf } from '../../errors';
import { boundJson } from '../../json/bounded';
import { ownSlice } from '../../json/ownCopy';
import type { PayloadStore, PayloadStoreLimits } from '../../payloads/payloadStore';
import { type HttpRecord, recordJson } from '../transport/httpFetch';
import { Batcher } from './batcher';
import { BoundedBuffer } from './boundedBuffer';

const LOG_CAPACITY = 5000;
/** Characters of log text kept per server. */
const LOG_MAX_CHARS = 4 * 1024 * 1024;
/** The longest one log entry's text may be; the rest is replaced by a note of its length. */
export const LOG_TEXT_MAX = 16 * 1024;
const WIRE_CAPACITY = 2000;
/** Characters of inline frames kept per server. */
const WIRE_MAX_CHARS = 8 * 1024 * 1024;
/** A frame larger than this is kept as a preview (and whole in the frame store while it has room). */
export const FRAME_INLINE_MAX = 64 * 1024;
const FRAME_PREVIEW = 4 * 1024;
/** How much of the large frames (and results of tools run by hand) of every server the host keeps whole, for "Show all". */
export const FRAME_STORE_LIMITS: PayloadStoreLimits = {
  maxChars: 64 * 1024 * 1024,
  maxItemChars: 32 * 1024 * 1024,
  maxAgeMs: 10 * 60_000,
};
const ENTRY_OVERHEAD = 64;

export class ServerLog {
  private seq = 0;
  private readonly logBuffer = new BoundedBuffer<LogEntry>(
    LOG_CAPACITY,
    LOG_MAX_CHARS,
    (entry) => entry.text.length + ENTRY_OVERHEAD,
  );
  private readonly wireBuffer = new BoundedBuffer<WireEntry & { weight: number }>(
    WIRE_CAPACITY,
    WIRE_MAX_CHARS,
    (entry) => entry.weight,
  );
  private readonly logged = new Emitter<LogEntry[]>(listenerFailed);
  private readonly wired = new Emitter<WireEntry[]>(listenerFailed);
  private readonly logBatch = new Batcher<LogEntry>((entries) => this.logged.emit(entries));
  private readonly wireBatch = new Batcher<WireEntry>((entries) => this.wired.emit(entries));

  /** `frames` keeps whole copies of large frames for a while; `owner` names this server there. */
  constructor(
    private readonly frames?: PayloadStore,
    private readonly owner = '',
  ) {}

  /** The sequence number of the newest entry of either log. */
  get lastSeq(): number {
    return this.seq;
  }

  logs(): LogEntry[] {
    return this.logBuffer.toArray();
  }

  wire(): WireEntry[] {
    return this.wireBuffer.toArray().map(({ weight: _weight, ...entry }) => entry);
  }

  onDidLog(listener: (entries: LogEntry[]) => void): () => void {
    return this.logged.on(listener);
  }

  onDidWire(listener: (entries: WireEntry[]) => void): () => void {
    return this.wired.on(listener);
  }

  /** A note of the host's own. */
  note(level: LogLevel, text: string): void {
    this.add({ source: 'host', level, text });
  }

  add(entry: Omit<LogEntry, 'seq' | 'time'>): void {
    const full: LogEntry = { ...entry, text: capText(entry.text), seq: ++this.seq, time: Date.now() };
    this.logBuffer.push(full);
    this.logBatch.push(full);
  }

  /** Records a frame: whole when small, else its outline and preview, with the whole in the frame store. */
  addWire(direction: 'in' | 'out', message: unknown): void {
    const bounded = boundJson(message);
    let entry: WireEntry = { seq: ++this.seq, time: Date.now(), direction, message: bounded.value };
    let weight = bounded.size + ENTRY_OVERHEAD;
    if (bounded.size > FRAME_INLINE_MAX) {
      const text = JSON.stringify(bounded.value);
      const capped: CappedFrame = { size: text.length, preview: ownSlice(text, 0, FRAME_PREVIEW) };
      const id = this.frames?.put(text, { owner: this.owner, kind: 'text' });
      if (id) capped.id = id;
      entry = { ...entry, message: outline(bounded.value), capped };
      weight = FRAME_PREVIEW + ENTRY_OVERHEAD * 4;
    }
    this.wireBuffer.push({ ...entry, weight });
    this.wireBatch.push(entry);
  }

  /** An HTTP request of a remote server, its secrets already masked. */
  addHttp(record: HttpRecord): void {
    const message = boundJson(recordJson(record));
    const full: WireEntry = {
      seq: ++this.seq,
      time: Date.now(),
      direction: 'out',
      message: message.value,
      http: { method: record.method, url: record.url, status: record.status, error: record.error },
    };
    this.wireBuffer.push({ ...full, weight: message.size + ENTRY_OVERHEAD });
    this.wireBatch.push(full);
  }

  /** The last `count` stderr lines written after `seq`. */
  stderrSince(seq: number, count: number): string[] {
    return this.logBuffer
      .toArray()
      .filter((entry) => entry.source === 'stderr' && entry.seq > seq)
      .slice(-count)
      .map((entry) => entry.text);
  }
}

/** `text`, or its start with a note of how much was left out. */
export function capText(text: string, max = LOG_TEXT_MAX): string {
  if (text.length <= max) return text;
  return `${ownSlice(text, 0, max)}… (${(text.length - max).toLocaleString('en')} more characters not kept)`;
}

/** What identifies a JSON-RPC frame (`jsonrpc`, `id`, `method`, and an error's code and message), for its row. */
function outline(message: Json): Json {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const out: { [key: string]: Json } = {};
  for (const name of ['jsonrpc', 'id', 'method']) {
    const value = message[name];
    if (typeof value === 'number') out[name] = value;
    else if (typeof value === 'string') out[name] = capText(value, 200);
  }
  const error = message.error;
  if (typeof error === 'object' && error !== null && !Array.isArray(error)) {
    out.error = {
      ...(typeof error.code === 'number' ? { code: error.code } : {}),
      ...(typeof error.message === 'string' ? { message: capText(error.message, 1000) } : {}),
    };
  }
  return out;
}

/** A server's listener that threw is reported on stderr; the others are still told. */
export function listenerFailed(error: unknown): void {
  process.stderr.write(`Switchboard: a listener failed: ${messageOf(error)}\n`);
}
