// Puts the whole contents back into resources a page attached by reference, before the message is stored and sent.
import type { ContextItem, ResourceContentsView } from '../../shared/resources';
import { HostFault, messageOf } from '../errors';
import type { PayloadStore } from '../payloads/payloadStore';
import { resourceOwner } from './previews';

export type AttachmentSources = {
  store: PayloadStore;
  /** Reads a resource again, whole, when its kept contents are gone. */
  read: (server: string, uri: string) => Promise<ResourceContentsView[]>;
};

/** `context` with every `truncated` part replaced by the whole: from the store, else read again from its server. */
export async function resolveAttachments(
  context: readonly ContextItem[],
  sources: AttachmentSources,
): Promise<ContextItem[]> {
  return Promise.all(
    context.map(async (item) => {
      if (item.kind !== 'resource' || !item.contents.some((content) => content.truncated)) return item;
      const owner = resourceOwner(item.server, item.uri);
      let reread: Promise<ResourceContentsView[]> | undefined;
      const readAgain = () => {
        reread ??= sources.read(item.server, item.uri).catch((error: unknown) => {
          throw new HostFault('gone', {
            id: 'host.resources.attachedRereadFailed',
            values: { uri: item.uri, server: item.server, error: messageOf(error) },
          });
        });
        return reread;
      };
      const contents = await Promise.all(
        item.contents.map(async (content, index): Promise<ResourceContentsView> => {
          if (!content.truncated) return content;
          const kept = content.truncated.id ? await sources.store.whole(content.truncated.id) : undefined;
          const head = {
            uri: content.uri,
            ...(content.mimeType !== undefined ? { mimeType: content.mimeType } : {}),
          };
          if (kept && kept.owner === owner) {
            return kept.kind === 'text' ? { ...head, text: kept.data } : { ...head, blob: kept.data };
          }
          const fresh = (await readAgain())[index];
          if (!fresh) {
            throw new HostFault('gone', {
              id: 'host.resources.attachedChanged',
              values: { uri: item.uri, server: item.server, part: index + 1 },
            });
          }
          return fresh;
        }),
      );
      return { ...item, contents };
    }),
  );
}
