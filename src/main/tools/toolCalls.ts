// Runs one tool call, the model's or an app view's: consent first (the consent room decides), then the call, its result reviewed where asked, kept on disk when long, and its exposure recorded, all in the audit log.
import { visibleToModel } from '../../shared/apps';
import type { ToolCallView } from '../../shared/chat';
import { isTaskLive } from '../../shared/chat';
import type { ToolAuditEntry, ToolDecision } from '../../shared/consent';
import { saidError } from '../../shared/hostText';
import type { Json, ToolCallResult } from '../../shared/types';
import type { AuditLog } from '../consent/audit';
import type { ConsentRoom } from '../consent/consentRoom';
import { sameJson } from '../consent/grantDecisions';
import { HostFault, messageOf, textOf } from '../errors';
import { marksOfResult } from '../flow/exposure';
import type { FlowRoom } from '../flow/flowRoom';
import { stripResultTags } from '../flow/toolText';
import { type ElicitationService, urlElicitationsFrom } from '../requests/elicitation';
import type { ToolRef } from '../servers/catalogue/naming';
import type { ServerLookup } from '../servers/runningServers';
import { KEEP_TASKS } from '../servers/session/serverTasks';
import { entryOf, type TaskTracker } from '../tasks/taskTracker';

export type ToolCallDeps = {
  servers: ServerLookup;
  elicitation: ElicitationService;
  /** Decides each call: covered by a grant, or asked of the person. */
  consent: Pick<ConsentRoom, 'decide'>;
  audit: AuditLog;
  /** Labels, reviews and records what a conversation takes in. */
  flow: Pick<FlowRoom, 'labels' | 'reviewsFirst' | 'review' | 'record' | 'noteStripped'>;
  /** Told when a call runs as a task, for the Tasks list. */
  tasks?: Pick<TaskTracker, 'update'>;
  /** Told when a call could not be written to the audit log. */
  onProblem?: (message: string) => void;
};

export type ToolCallContext = {
  /** The conversation the call belongs to ('' for a view opened from the Tools tab). */
  conversationId: string;
  /** The message the call's result comes in with, for what the conversation took in. */
  messageId?: string;
  signal: AbortSignal;
  /** Set when an app view asks for the call: the tool whose view it is. */
  viaView?: string;
  /** Set when an app view asks for the call: the id of that open view. */
  viewId?: string;
  /** Set when the tool is one an open view offers (for the audit log): the tool whose view it is. */
  ofView?: string;
  /** Called whenever the call's card changes. */
  update: (view: ToolCallView) => void;
  /** How the result is kept once it comes (a conversation keeps a long one on disk); as it came when absent. */
  keep?: (result: ToolCallResult) => Promise<Pick<ToolCallView, 'result' | 'kept'>>;
};

/** Asks (unless granted), runs and records `call`; always resolves with the finished card. */
export async function runToolCall(
  deps: ToolCallDeps,
  ref: ToolRef,
  call: ToolCallView,
  context: ToolCallContext,
): Promise<ToolCallView> {
  let view = call;
  const set = (patch: Partial<ToolCallView>) => {
    view = { ...view, ...patch };
    context.update(view);
  };
  let decision: ToolDecision | undefined;
  let kept = false;
  try {
    const connection = deps.servers.get(ref.server);
    // A cached tool starts its server; consent and grants always see the live definition.
    await connection.startForUse();
    await connection.listsSettled();
    const tool = connection.liveTool(ref.tool);
    if (!tool)
      throw new HostFault('not_found', {
        id: 'host.tools.noSuchTool',
        values: { server: ref.server, tool: ref.tool },
      });
    if (context.viaView === undefined && !visibleToModel(tool)) {
      throw new HostFault('forbidden', {
        id: 'host.tools.viewOnly',
        values: { tool: ref.tool, server: ref.server },
      });
    }
    const consent = await deps.consent.decide(
      {
        server: ref.server,
        tool,
        conversationId: context.conversationId,
        callId: call.id,
        args: call.args,
        ...(context.viaView ? { viaView: context.viaView } : {}),
        ...(context.viewId ? { viewId: context.viewId } : {}),
      },
      context.signal,
    );
    decision = consent.decision;
    const hold = consent.hold ? { hold: consent.hold } : {};
    if (decision === 'denied') {
      set({ status: 'denied', decision, ...hold });
      return view;
    }
    set({
      status: 'running',
      decision,
      ...hold,
      args: consent.args,
      ...(consent.grant ? { grant: consent.grant } : {}),
      ...(sameJson(consent.args, call.args) ? {} : { modelArgs: call.args }),
    });
    const run = () =>
      connection.callTool(ref.tool, argsObject(consent.args), {
        signal: context.signal,
        onProgress: (progress) => set({ progress }),
        onTask: (task) => {
          set({ task });
          deps.tasks?.update(entryOf(view, task, { conversationId: context.conversationId }));
        },
      });
    const answered = await run().catch(async (error: unknown) => {
      // The server needs the person to visit a page first: ask, then try once more.
      const pages = urlElicitationsFrom(error);
      if (!pages) throw error;
      for (const page of pages) {
        const answer = await deps.elicitation.handle(ref.server, { mode: 'url', ...page }, context.signal);
        if (answer.action !== 'accept') throw new HostFault('cancelled', { id: 'host.tools.pageNotOpened' });
      }
      return run();
    });
    const { result, stripped } = stripResultTags(answered);
    if (stripped) deps.flow.noteStripped(ref.server, ref.tool, 'result');
    // A view's own call answers the view, not the conversation.
    if (context.viaView !== undefined) {
      set({ status: 'done', result });
      return view;
    }
    // Kept (a long result on disk for read_result) only once the model may read it: a withheld one never is.
    const asKept = () => (context.keep ? context.keep(result) : { result });
    const labels = deps.flow.labels(ref.server, tool);
    if (deps.flow.reviewsFirst(ref.server, tool, labels)) {
      set({ status: 'done', result, review: 'waiting' });
      const review = await deps.flow.review(
        { server: ref.server, conversationId: context.conversationId, callId: call.id },
        context.signal,
      );
      if (review === 'withheld') {
        set({ review });
        return view;
      }
      set({ review, ...(await asKept()) });
    } else {
      set({ status: 'done', ...(await asKept()) });
    }
    const at = { server: ref.server, time: Date.now(), messageId: context.messageId };
    await deps.flow.record(context.conversationId, marksOfResult(ref.tool, labels, at));
    return view;
  } catch (error) {
    // The app is quitting: a task goes on at the server and is followed again on the next run.
    if (context.signal.reason === KEEP_TASKS && view.task && isTaskLive(view.task)) {
      kept = true;
      return view;
    }
    const cancelled = context.signal.aborted || (error instanceof HostFault && error.code === 'cancelled');
    set(cancelled ? { status: 'cancelled' } : { status: 'failed', ...saidError(textOf(error)) });
    return view;
  } finally {
    if (!kept) await record(deps, context, view, decision);
  }
}

/** The call's arguments as the object a tool takes; anything else is refused. */
export function argsObject(args: Json): { [key: string]: Json } {
  if (args && typeof args === 'object' && !Array.isArray(args)) return args;
  throw new HostFault('invalid_input', { id: 'host.tools.argsNotObject' });
}

/** Writes the finished call to the audit log; a log that cannot take it is reported, never thrown. */
export async function record(
  deps: Pick<ToolCallDeps, 'audit' | 'onProblem'>,
  context: ToolCallContext,
  view: ToolCallView,
  decision: ToolDecision | undefined,
): Promise<void> {
  const outcome: ToolAuditEntry['outcome'] =
    view.status === 'done'
      ? view.result?.isError
        ? 'failed'
        : 'done'
      : view.status === 'denied'
        ? 'denied'
        : view.status === 'cancelled'
          ? 'cancelled'
          : 'failed';
  await deps.audit
    .append({
      time: Date.now(),
      conversationId: context.conversationId,
      ...(context.viaView ? { viaView: context.viaView } : {}),
      ...(context.ofView ? { ofView: context.ofView } : {}),
      server: view.server,
      tool: view.tool,
      args: view.args,
      ...(view.modelArgs === undefined ? {} : { modelArgs: view.modelArgs }),
      decision: decision ?? 'unanswered',
      ...(view.grant ? { grant: view.grant } : {}),
      ...(view.hold ? { hold: view.hold } : {}),
      ...(view.review ? { review: view.review } : {}),
      outcome,
    })
    .catch((error: unknown) =>
      deps.onProblem?.(`Could not record the call of ${view.tool} in the audit log: ${messageOf(error)}`),
    );
}
