// The audit log: one JSON line per tool call, sampling request, request for information or exposure of a conversation, what was decided and how it ended.
import type { AuditEntry, ToolAuditEntry } from '../../shared/consent';
import type { ManualRun } from '../servers/manualCalls';
import { appendRecord, readRecords } from '../storage/jsonl';

/** An append-only record of decisions; appends are fsynced and run one at a time, in call order. */
export class AuditLog {
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  append(entry: AuditEntry): Promise<void> {
    const snapshot = structuredClone(entry);
    const write = () => appendRecord(this.path, snapshot);
    this.writing = this.writing.then(write, write);
    return this.writing;
  }

  /** The latest `limit` entries, newest first; unreadable lines are left out. */
  async list(limit = 500): Promise<AuditEntry[]> {
    // Only waits for the write under way; whoever appended it heard of a failure.
    await this.writing.catch(() => {});
    const { records } = await readRecords(this.path);
    return records.filter(isEntry).reverse().slice(0, limit);
  }
}

/** A run from a server's Tools tab as the log keeps it: the person ran it, outside any conversation. */
export function manualRunEntry(run: ManualRun, time = Date.now()): ToolAuditEntry {
  return { time, conversationId: '', ...run, decision: 'run-by-you' };
}

function isEntry(value: unknown): value is AuditEntry {
  if (value === null || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  const common =
    typeof entry.time === 'number' &&
    typeof entry.server === 'string' &&
    typeof entry.decision === 'string' &&
    typeof entry.outcome === 'string';
  if (!common) return false;
  if (entry.kind === undefined || entry.kind === 'tool') return typeof entry.tool === 'string';
  if (entry.kind === 'sampling') return typeof entry.request === 'string';
  if (entry.kind === 'elicitation') return typeof entry.message === 'string';
  if (entry.kind === 'exposure') return typeof entry.what === 'string';
  return false;
}
