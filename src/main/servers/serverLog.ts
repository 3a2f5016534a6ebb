// One server's log (stderr, stray stdout, notifications, host notes) and protocol log, kept bounded and batched.
import type { Json, LogEntry, LogLevel, WireEntry } from '../../shared/types';
import { Batcher } from './batcher';
import { type HttpRecord, recordJson } from './httpFetch';
import { RingBuffer } from './ringBuffer';

const LOG_CAPACITY = 5000;
const WIRE_CAPACITY = 2000;

export class ServerLog {
  private seq = 0;
  private readonly logBuffer = new RingBuffer<LogEntry>(LOG_CAPACITY);
  private readonly wireBuffer = new RingBuffer<WireEntry>(WIRE_CAPACITY);
  private readonly logListeners = new Set<(entries: LogEntry[]) => void>();
  private readonly wireListeners = new Set<(entries: WireEntry[]) => void>();
  private readonly logBatch = new Batcher<LogEntry>((entries) => emit(this.logListeners, entries));
  private readonly wireBatch = new Batcher<WireEntry>((entries) => emit(this.wireListeners, entries));

  /** The sequence number of the newest entry of either log. */
  get lastSeq(): number {
    return this.seq;
  }

  logs(): LogEntry[] {
    return this.logBuffer.toArray();
  }

  wire(): WireEntry[] {
    return this.wireBuffer.toArray();
  }

  onDidLog(listener: (entries: LogEntry[]) => void): () => void {
    return subscribe(this.logListeners, listener);
  }

  onDidWire(listener: (entries: WireEntry[]) => void): () => void {
    return subscribe(this.wireListeners, listener);
  }

  /** A note of the host's own. */
  note(level: LogLevel, text: string): void {
    this.add({ source: 'host', level, text });
  }

  add(entry: Omit<LogEntry, 'seq' | 'time'>): void {
    const full: LogEntry = { ...entry, seq: ++this.seq, time: Date.now() };
    this.logBuffer.push(full);
    this.logBatch.push(full);
  }

  addWire(direction: 'in' | 'out', message: Json): void {
    const full: WireEntry = { seq: ++this.seq, time: Date.now(), direction, message };
    this.wireBuffer.push(full);
    this.wireBatch.push(full);
  }

  /** An HTTP request of a remote server, its secrets already masked. */
  addHttp(record: HttpRecord): void {
    const full: WireEntry = {
      seq: ++this.seq,
      time: Date.now(),
      direction: 'out',
      message: recordJson(record),
      http: { method: record.method, url: record.url, status: record.status, error: record.error },
    };
    this.wireBuffer.push(full);
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

export function subscribe<T>(listeners: Set<T>, listener: T): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emit<T>(listeners: Set<(value: T) => void>, value: T): void {
  for (const listener of listeners) listener(value);
}
