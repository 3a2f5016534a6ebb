// A folder per conversation under one folder (attached files, kept results), gone with its conversation.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** What a conversation's id may look like to name its folder. */
export const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The folders of conversations under `dir`: each removed with its conversation, or when that no longer exists. */
export class ConversationFolders {
  constructor(readonly dir: string) {}

  async remove(conversationId: string): Promise<void> {
    if (!SAFE_ID.test(conversationId)) return;
    await rm(join(this.dir, conversationId), { recursive: true, force: true });
  }

  /** Removes the folders of conversations that no longer exist. */
  async prune(exists: (conversationId: string) => boolean): Promise<void> {
    // No folder yet (nothing was ever kept there), or none to read: nothing to prune.
    const names = await readdir(this.dir).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => !exists(name))
        .map((name) => rm(join(this.dir, name), { recursive: true, force: true })),
    );
  }
}
