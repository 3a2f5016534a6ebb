// Conversation files (`<dir>/<id>.jsonl`): records appended one conversation at a time in call order, files replayed
// on load and rewritten whole when torn or grown.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatMessage } from '../../shared/chat';
import { HostFault, messageOf } from '../errors';
import { readExposure } from '../flow/exposure';
import {
  type ConversationRecord,
  type MetaFields,
  type MetaRecord,
  replay,
  snapshotOf,
} from './conversationRecords';
import { appendRecords, readRecords, writeRecords } from './jsonl';
import { isMissing } from './settingsFile';
import { DEFAULT_TITLE } from './titles';

/** A file with more records than this many per message is rewritten on load. */
const COMPACT_RATIO = 4;
const FILE_NAME = /^([A-Za-z0-9_-]+)\.jsonl$/;

/** A conversation as its file holds it: its settings and its messages. */
export type StoredConversation = MetaFields & { messages: Map<string, ChatMessage> };

export class ConversationFiles {
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly dir: string,
    private readonly onProblem: (message: string) => void,
  ) {}

  /** The ids of the conversation files, in name order; none when the folder is missing. */
  async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if (isMissing(error)) return [];
      throw new HostFault('internal', {
        id: 'host.storage.readFolderFailed',
        values: { dir: this.dir, error: messageOf(error) },
      });
    }
    return names.sort().flatMap((name) => FILE_NAME.exec(name)?.[1] ?? []);
  }

  /**
   * Replays one file (the last record for a message wins, drops remove) and rewrites it when it has grown or was
   * torn; undefined when it holds no conversation. Rejects when the file cannot be read.
   */
  async read(id: string): Promise<StoredConversation | undefined> {
    const { records, tornTail, skipped } = await readRecords(this.file(id));
    const { meta, messages, lastAt } = replay(records);
    if (!meta && messages.size === 0) {
      this.onProblem(`The conversation file ${id}.jsonl holds no conversation and was skipped.`);
      return undefined;
    }
    const first = messages.values().next().value;
    const { t: _t, ...base }: MetaRecord = meta ?? {
      t: 'meta',
      title: DEFAULT_TITLE,
      tools: { disabledServers: [], disabledTools: [] },
      createdAt: first?.time ?? lastAt,
      updatedAt: lastAt,
    };
    const stored: StoredConversation = {
      ...base,
      exposure: readExposure(base.exposure),
      updatedAt: Math.max(base.updatedAt, lastAt),
      messages,
    };
    const repair = tornTail || skipped > 0 || !meta;
    if (repair || records.length > COMPACT_RATIO * Math.max(1, messages.size)) {
      await writeRecords(this.file(id), snapshotOf(stored)).catch((error: unknown) => {
        this.onProblem(`The conversation file ${id}.jsonl could not be tidied up: ${messageOf(error)}`);
      });
    }
    return stored;
  }

  /** Appends `records` to the conversation's file once its earlier writes are done. */
  async append(id: string, records: ConversationRecord[]): Promise<void> {
    await this.run(id, () => appendRecords(this.file(id), records)).catch((error: unknown) => {
      throw new HostFault('internal', { id: 'host.storage.saveFailed', values: { error: messageOf(error) } });
    });
  }

  /** Removes the conversation's file once its earlier writes are done. */
  async remove(id: string): Promise<void> {
    await this.run(id, () => rm(this.file(id), { force: true })).catch((error: unknown) => {
      throw new HostFault('internal', {
        id: 'host.storage.removeFailed',
        values: { error: messageOf(error) },
      });
    });
  }

  private file(id: string): string {
    return join(this.dir, `${id}.jsonl`);
  }

  /** Runs file operations of one conversation one at a time, in call order. */
  private run(id: string, operation: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(id) ?? Promise.resolve()).then(operation, operation);
    this.queues.set(id, next);
    const forget = () => {
      if (this.queues.get(id) === next) this.queues.delete(id);
    };
    next.then(forget, forget);
    return next;
  }
}
