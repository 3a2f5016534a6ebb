// Local files for the next message: checked here, uploaded to the host, then added to the message's context.
import { useCallback, useState } from 'react';
import { classifyFile, type FileRefusal } from '../../../../../shared/attachments';
import { modelSeesImages } from '../../../../../shared/vision';
import { useHost } from '../../../api';
import { describeError } from '../../../components/format';
import { type MessageValues, useT } from '../../../i18n';
import { actions, useChatSummary, useModels } from '../../../store';
import { currentModel } from '../models';
import { sizeText } from './FileChip';
import { uploadFile } from './upload';

/** A file on its way to the host. */
export type PendingFile = { key: number; name: string; size: number; sent: number };

let nextKey = 1;

/** Whether the conversation's model is thought to see images, and its name. */
function useVision(conversationId: string): { sees: boolean; model?: string } {
  const models = useModels();
  const model = currentModel(useChatSummary(conversationId)?.model, models);
  if (!model) return { sees: false };
  const slash = model.indexOf('/');
  const provider = models?.providers.find((item) => item.id === model.slice(0, slash));
  return { sees: provider ? modelSeesImages(provider, model.slice(slash + 1)) : false, model };
}

/** `add(files)` attaches what can be attached and says why the rest was not, in plain words. */
export function useFileAttachments(conversationId: string) {
  const t = useT();
  const host = useHost();
  const vision = useVision(conversationId);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);

  const add = useCallback(
    async (files: readonly File[]) => {
      setRefusals([]);
      const refuse = (reason: string) => setRefusals((current) => [...current, reason]);
      await Promise.all(
        files.map(async (file) => {
          const verdict = classifyFile(file.name, file.type, file.size);
          if (!verdict.ok) return refuse(refusalText(verdict.refusal, t));
          if (verdict.as === 'image' && !vision.sees) {
            return refuse(
              vision.model
                ? t('chat.attach.noVision', { name: file.name, model: vision.model })
                : t('chat.attach.noVisionUnknown', { name: file.name }),
            );
          }
          const key = nextKey++;
          setPending((current) => [...current, { key, name: file.name, size: file.size, sent: 0 }]);
          try {
            const attached = await uploadFile(host, file, (sent) =>
              setPending((current) => current.map((item) => (item.key === key ? { ...item, sent } : item))),
            );
            actions.contextAdded(conversationId, attached);
          } catch (error) {
            refuse(describeError(error));
          } finally {
            setPending((current) => current.filter((item) => item.key !== key));
          }
        }),
      );
    },
    [host, conversationId, vision.sees, vision.model, t],
  );

  const dismiss = useCallback(() => setRefusals([]), []);
  return { add, pending, refusals, dismiss };
}

/** Why a file was not attached, in the page's language. */
export function refusalText(refusal: FileRefusal, t: (id: string, values?: MessageValues) => string): string {
  if (refusal.code === 'tooLarge')
    return t(refusal.as === 'image' ? 'chat.attach.imageTooLarge' : 'chat.attach.textTooLarge', {
      name: refusal.name,
      size: sizeText(refusal.size, t),
      max: sizeText(refusal.max, t),
    });
  return t('chat.attach.unreadable', { name: refusal.name, kind: refusal.kind, type: refusal.type });
}
