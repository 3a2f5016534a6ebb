// Tool results of conversations kept whole on disk (`<dir>/<conversation>/<name>`), read in pieces; they go with their conversation.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PayloadChunk } from '../../shared/payloads';
import { HostFault, messageOf } from '../errors';
import { ConversationFolders, SAFE_ID } from '../storage/conversationFolders';
import type { PayloadSource } from './payloadCommands';
import { readTextRange, textLength, writeTextFile } from './textFile';

const SAFE_NAME = /^[A-Za-z0-9_-]{1,32}(\.[a-z0-9]{1,8})?$/;

/** The name under which a kept result's JSON is kept when its text is not JSON itself (structured content). */
export function jsonName(id: string): string {
  return `${id}.json`;
}

/** Kept results per conversation; a page reads them as `<conversation>:<name>` through `payloads.read`. */
export class KeptResults implements PayloadSource {
  private readonly folders: ConversationFolders;

  constructor(private readonly dir: string) {
    this.folders = new ConversationFolders(dir);
  }

  /** A new id for a result, short enough for a model to repeat. */
  newId(): string {
    return `r-${randomBytes(6).toString('base64url')}`;
  }

  /** Writes `text` as `name` of the conversation. */
  async put(conversationId: string, name: string, text: string): Promise<void> {
    const path = this.path(conversationId, name);
    try {
      await mkdir(join(this.dir, conversationId), { recursive: true, mode: 0o700 });
      await writeTextFile(path, text);
    } catch (error) {
      throw new HostFault('internal', {
        id: 'host.payloads.keepFailed',
        values: { error: messageOf(error) },
      });
    }
  }

  /** Characters [offset, offset + length) of `name`, with its whole length; undefined when it is not kept. */
  async range(
    conversationId: string,
    name: string,
    offset: number,
    length: number,
  ): Promise<PayloadChunk | undefined> {
    const path = this.path(conversationId, name);
    const total = await textLength(path).catch(() => undefined);
    if (total === undefined) return undefined;
    const start = Math.min(Math.max(0, offset), total);
    const data = await readTextRange(path, start, Math.min(length, total - start));
    return { data, offset: start, total };
  }

  /** The whole of `name`, or undefined when it is not kept. */
  async whole(conversationId: string, name: string): Promise<string | undefined> {
    return (await this.range(conversationId, name, 0, Number.MAX_SAFE_INTEGER))?.data;
  }

  /** The id a page reads `name` of the conversation by. */
  pageId(conversationId: string, name: string): string {
    return `${conversationId}:${name}`;
  }

  async read(id: string, offset: number, length: number): Promise<PayloadChunk | undefined> {
    const [conversationId = '', name = '', extra] = id.split(':');
    if (extra !== undefined || !SAFE_ID.test(conversationId) || !SAFE_NAME.test(name)) return undefined;
    return this.range(conversationId, name, offset, length);
  }

  removeConversation(conversationId: string): Promise<void> {
    return this.folders.remove(conversationId);
  }

  /** Removes the results of conversations that no longer exist. */
  prune(exists: (conversationId: string) => boolean): Promise<void> {
    return this.folders.prune(exists);
  }

  private path(conversationId: string, name: string): string {
    if (!SAFE_ID.test(conversationId) || !SAFE_NAME.test(name)) {
      throw new HostFault('invalid_input', { id: 'host.payloads.notKeptName' });
    }
    return join(this.dir, conversationId, name);
  }
}
