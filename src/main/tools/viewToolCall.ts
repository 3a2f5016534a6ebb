// Runs the model's call of a tool an open view offers: the person decides every call (no grant covers it), then the view answers within its time, all in the audit log.
import type { ToolCallView } from '../../shared/chat';
import type { ToolDecision } from '../../shared/consent';
import type { ViewToolRoute, ViewTools } from '../apps/viewTools';
import type { ConsentRoom } from '../consent/consentRoom';
import { HostFault, messageOf } from '../errors';
import { marksOfResult } from '../flow/exposure';
import { argsObject, record, type ToolCallDeps } from './toolCalls';

export type ViewToolCallDeps = Pick<ToolCallDeps, 'audit' | 'onProblem'> & {
  flow: Pick<ToolCallDeps['flow'], 'record'>;
  consent: Pick<ConsentRoom, 'decide'>;
  viewTools: Pick<ViewTools, 'call'>;
};

/** Asks the person, hands the call to the view and resolves with the finished card; `update` hears every change. */
export async function runViewToolCall(
  deps: ViewToolCallDeps,
  route: ViewToolRoute,
  call: ToolCallView,
  context: {
    conversationId: string;
    messageId: string;
    signal: AbortSignal;
    update(view: ToolCallView): void;
  },
): Promise<ToolCallView> {
  const { server, viewOf } = route.owner;
  let view: ToolCallView = { ...call, server, tool: route.tool.name };
  const set = (patch: Partial<ToolCallView>) => {
    view = { ...view, ...patch };
    context.update(view);
  };
  let decision: ToolDecision | undefined;
  try {
    const consent = await deps.consent.decide(
      {
        server,
        tool: route.tool,
        conversationId: context.conversationId,
        callId: call.id,
        args: call.args,
        ofView: viewOf,
      },
      context.signal,
    );
    decision = consent.decision;
    if (decision === 'denied') {
      set({ status: 'denied', decision });
      return view;
    }
    set({ status: 'running', decision, args: consent.args });
    const result = await deps.viewTools.call(route, argsObject(consent.args), context.signal);
    set({ status: 'done', result });
    // What a view answers is the view's word, with whatever it was shown: outside content, and maybe private data.
    const at = { server, time: Date.now(), messageId: context.messageId };
    await deps.flow.record(context.conversationId, marksOfResult(route.tool.name, undefined, at));
    return view;
  } catch (error) {
    const cancelled = context.signal.aborted || (error instanceof HostFault && error.code === 'cancelled');
    set(
      cancelled && context.signal.aborted
        ? { status: 'cancelled' }
        : { status: 'failed', error: messageOf(error) },
    );
    return view;
  } finally {
    await record(
      deps,
      { conversationId: context.conversationId, ofView: viewOf, signal: context.signal, update: () => {} },
      view,
      decision,
    );
  }
}
