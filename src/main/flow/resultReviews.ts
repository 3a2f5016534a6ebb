// Finished results of outside-content tools waiting for the person before the model sees them: give it, or give a note instead.
import type { ReviewState } from '../../shared/flow';
import { ConsentBroker, type PendingRequest } from '../consent/broker';
import { HostFault } from '../errors';

type ReviewQuestion = PendingRequest & { kind: 'review'; conversationId: string; callId: string };

/** Every review settles once: given, withheld, or withheld because the reply stopped. */
export class ResultReviews {
  private readonly broker = new ConsentBroker<ReviewQuestion>();

  /** Waits for the person; a reply that stops (`signal`) withholds the result. */
  async review(
    call: { server: string; conversationId: string; callId: string },
    signal: AbortSignal,
  ): Promise<ReviewState> {
    try {
      const answer = await this.broker.ask({ kind: 'review', ...call }, signal);
      return answer.decision === 'once' ? 'given' : 'withheld';
    } catch {
      // Stopped, or the app is closing: nothing the person did not see goes to the model.
      return 'withheld';
    }
  }

  /** The person's choice for the result of `callId` in `conversationId`. */
  answer(conversationId: string, callId: string, give: boolean): void {
    const question = this.broker
      .pending()
      .find((item) => item.conversationId === conversationId && item.callId === callId);
    if (!question) throw new HostFault('not_found', { id: 'host.flow.resultNotWaiting' });
    this.broker.answer(question.id, give ? 'once' : 'deny');
  }

  cancelAll(): void {
    this.broker.cancelWhere(() => true, 'cancelled');
  }
}
