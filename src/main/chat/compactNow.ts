// Compact now, as the person asks it: everything but the last exchange summarised, or a plain reason why not.
import type { Compaction, Conversation } from '../../shared/chat';
import { HostFault } from '../errors';
import { providerErrorText } from '../llm/errors';
import { compactToFit } from './compactor';
import { replyContext } from './replyContext';
import type { ReplyDeps } from './replyWriter';

/** Summarises all of `conversation` but its last exchange with `model`; resolves with the summaries then kept. */
export async function compactNow(
  deps: ReplyDeps,
  conversation: Conversation,
  model: string,
  signal: AbortSignal,
): Promise<Compaction[]> {
  const { id, messages } = conversation;
  const context = await replyContext(deps, id, model, messages);
  const done = await compactToFit(deps, context, id, messages, 'manual', signal, 0).catch(
    (error: unknown) => {
      if (error instanceof HostFault) throw error;
      const slash = model.indexOf('/');
      const why = providerErrorText(error, {
        provider: model.slice(0, slash),
        model: model.slice(slash + 1),
      });
      throw new HostFault('internal', { id: 'host.chat.couldNotSummarise', values: { why } });
    },
  );
  if (!done) {
    throw new HostFault('invalid_input', { id: 'host.chat.nothingToSummarise' });
  }
  return deps.conversations.get(id).compactions ?? [];
}
