// Attached files kept with their conversation: `<dir>/<conversation id>/<file id>`, read again for every reply.
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatMessage } from '../../shared/chat';
import type { ContextItem, FileAttachment } from '../../shared/resources';
import { HostFault, messageOf } from '../errors';
import { writeFileAtomic } from '../storage/atomicFile';
import { ConversationFolders, SAFE_ID } from '../storage/conversationFolders';
import type { UploadStore } from './uploads';

/** Attached files on disk, per conversation; they go when the conversation goes. */
export class AttachmentFiles {
  private readonly folders: ConversationFolders;

  constructor(
    private readonly dir: string,
    private readonly uploads: UploadStore,
  ) {
    this.folders = new ConversationFolders(dir);
  }

  /**
   * Keeps the files of a message about to be sent: finished uploads are written under the
   * conversation; a file the conversation already holds (a message edited and sent again) stays.
   * Returns the context with the host's own account of each file.
   */
  async commit(
    conversationId: string,
    context: ContextItem[] | undefined,
  ): Promise<ContextItem[] | undefined> {
    if (!context?.some((item) => item.kind === 'file')) return context;
    const out: ContextItem[] = [];
    for (const item of context) {
      if (item.kind !== 'file') {
        out.push(item);
        continue;
      }
      const path = this.path(conversationId, item.id);
      const upload = this.uploads.take(item.id);
      if (upload) {
        await writeFileAtomic(path, upload.bytes, 0o600).catch((error: unknown) => {
          throw new HostFault('internal', {
            id: 'host.attachments.keepFailed',
            values: { name: item.name, error: messageOf(error) },
          });
        });
        out.push(upload.file);
      } else if (await exists(path)) {
        out.push(item);
      } else {
        throw new HostFault('not_found', {
          id: 'host.attachments.noLongerWaiting',
          values: { name: item.name },
        });
      }
    }
    return out;
  }

  /** The bytes of every file attached to `messages`; files that cannot be read are left out (the model is told). */
  async read(conversationId: string, messages: readonly ChatMessage[]): Promise<Map<string, Uint8Array>> {
    const files = new Map<string, Uint8Array>();
    const wanted: FileAttachment[] = [];
    for (const message of messages) {
      if (message.role !== 'user') continue;
      for (const item of message.context ?? []) if (item.kind === 'file') wanted.push(item);
    }
    await Promise.all(
      wanted.map(async (item) => {
        // A file gone from the folder reads to the model as no longer available.
        const bytes = await readFile(this.path(conversationId, item.id)).catch(() => undefined);
        if (bytes) files.set(item.id, bytes);
      }),
    );
    return files;
  }

  removeConversation(conversationId: string): Promise<void> {
    return this.folders.remove(conversationId);
  }

  /** Removes the files of conversations that no longer exist. */
  prune(exists: (conversationId: string) => boolean): Promise<void> {
    return this.folders.prune(exists);
  }

  private path(conversationId: string, fileId: string): string {
    if (!SAFE_ID.test(conversationId) || !SAFE_ID.test(fileId)) {
      throw new HostFault('invalid_input', { id: 'host.attachments.notAttachedName' });
    }
    return join(this.dir, conversationId, fileId);
  }
}

async function exists(path: string): Promise<boolean> {
  // Whatever keeps it from being reached, it is not there for us.
  return access(path).then(
    () => true,
    () => false,
  );
}
