// Local files for the next message: checked here, uploaded to the host, then added to the message's context.
import { useCallback, useState } from 'react';
import { classifyFile } from '../../../../../shared/attachments';
import { modelSeesImages } from '../../../../../shared/vision';
import { useHost } from '../../../api';
import { describeError } from '../../../components/format';
import { actions, useChatSummary, useModels } from '../../../store';
import { currentModel } from '../models';
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
          if (!verdict.ok) return refuse(verdict.reason);
          if (verdict.as === 'image' && !vision.sees) {
            return refuse(
              `${file.name} was not attached: ${vision.model ?? 'this model'} is not known to see images. Choose a model that does (GPT-4o, Claude, Gemini, or one named for vision) and attach it again.`,
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
    [host, conversationId, vision.sees, vision.model],
  );

  const dismiss = useCallback(() => setRefusals([]), []);
  return { add, pending, refusals, dismiss };
}
