// The tools open views offer the model: at most 50 a view, named in the host's namespace, offered to its conversation while it is open, each call answered within 30 s or settled with the reason.
import { randomUUID } from 'node:crypto';
import { hostToolName } from '../../shared/hostToolNames';
import type { Json, ToolCallResult, ToolView } from '../../shared/types';
import type { ModelTool } from '../chat/modelTools';
import { HostFault } from '../errors';

/** The most tools one view may offer the model. */
export const MAX_VIEW_TOOLS = 50;
/** How long the model's call of a view's tool may take before it is settled with an error. */
export const VIEW_TOOL_TIMEOUT_MS = 30_000;

/** The open view that offers tools: its id, its server, the tool whose view it is and its conversation. */
export type ViewOwner = { appId: string; server: string; viewOf: string; conversationId?: string };

/** A view's tool as the model calls it: its name for the model, the view, and the tool as the view defined it. */
export type ViewToolRoute = { name: string; owner: ViewOwner; tool: ToolView };

/** A call the page must hand to the view; its answer comes back through `answer`. */
export type ViewToolAsk = { appId: string; requestId: string; name: string; args: { [key: string]: Json } };

type Pending = { appId: string; settle(result: ToolCallResult | Error): void };

const NAME = /^[A-Za-z0-9_-]{1,48}$/;

/** What a view offered, and what of it was refused. */
export type ViewToolsSet = { offered: string[]; refused: string[] };

export class ViewTools {
  private readonly views = new Map<string, { owner: ViewOwner; prefix: string; tools: ViewToolRoute[] }>();
  private readonly pending = new Map<string, Pending>();
  private opened = 0;

  /** `ask` hands a call to the page that shows the view; `timeoutMs` bounds each call. */
  constructor(
    private readonly ask: (call: ViewToolAsk) => void,
    private readonly timeoutMs = VIEW_TOOL_TIMEOUT_MS,
  ) {}

  /** The tools the view `owner` offers now, replacing what it offered before; beyond 50, and bad names, are refused. */
  set(owner: ViewOwner, tools: readonly ToolView[]): ViewToolsSet {
    const known = this.views.get(owner.appId);
    const prefix = known?.prefix ?? `view${++this.opened}_`;
    const routes: ViewToolRoute[] = [];
    const refused: string[] = [];
    const seen = new Set<string>();
    for (const tool of tools) {
      if (!NAME.test(tool.name) || seen.has(tool.name) || routes.length >= MAX_VIEW_TOOLS) {
        refused.push(tool.name.slice(0, 80));
        continue;
      }
      seen.add(tool.name);
      routes.push({ name: hostToolName(`${prefix}${tool.name}`), owner, tool });
    }
    this.views.set(owner.appId, { owner, prefix, tools: routes });
    return { offered: routes.map((route) => route.tool.name), refused };
  }

  /** The definitions of the tools the open views of `conversationId` offer, for the model. */
  definitions(conversationId: string): ModelTool[] {
    return this.inConversation(conversationId).map((route) => ({
      name: route.name,
      description: `${route.tool.description ?? route.tool.name} (a tool of the open view of ${route.owner.viewOf} from ${route.owner.server})`,
      inputSchema: route.tool.inputSchema,
    }));
  }

  /** The view tool the model's `name` stands for in `conversationId`, while its view is open. */
  find(conversationId: string, name: string): ViewToolRoute | undefined {
    return this.inConversation(conversationId).find((route) => route.name === name);
  }

  /** Hands the call to the view and waits for its answer, at most the timeout; settles with an error if the view closes. */
  call(route: ViewToolRoute, args: { [key: string]: Json }, signal: AbortSignal): Promise<ToolCallResult> {
    const { appId } = route.owner;
    if (this.views.get(appId)?.tools.includes(route) !== true) {
      return Promise.reject(closedFault(route));
    }
    const requestId = randomUUID();
    return new Promise<ToolCallResult>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          settle(
            new HostFault('timeout', {
              id: 'host.apps.viewTimedOut',
              values: { tool: route.tool.name, seconds: this.timeoutMs / 1000 },
            }),
          ),
        this.timeoutMs,
      );
      const onAbort = () => settle(new HostFault('cancelled', { id: 'host.apps.callCancelled' }));
      const settle = (outcome: ToolCallResult | Error) => {
        if (!this.pending.delete(requestId)) return;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      this.pending.set(requestId, { appId, settle });
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.ask({ appId, requestId, name: route.tool.name, args });
    });
  }

  /** The view's answer to `requestId` (its result, or why it failed); an answer nobody waits for is dropped. */
  answer(input: { appId: string; requestId: string; result?: ToolCallResult; error?: string }): void {
    const waiting = this.pending.get(input.requestId);
    if (!waiting || waiting.appId !== input.appId) return;
    waiting.settle(
      input.result ??
        new HostFault('server_error', {
          id: 'host.apps.viewToolFailed',
          values: { answered: input.error === undefined ? 'no' : 'yes', error: input.error ?? '' },
        }),
    );
  }

  /** The view `appId` closed: its tools are no longer offered and its waiting calls settle with the reason. */
  end(appId: string): void {
    const view = this.views.get(appId);
    this.views.delete(appId);
    for (const waiting of [...this.pending.values()]) {
      if (waiting.appId === appId)
        waiting.settle(
          new HostFault(
            'cancelled',
            view
              ? { id: 'host.apps.viewOfClosedEarly', values: { owner: view.owner.viewOf } }
              : { id: 'host.apps.viewClosedEarly' },
          ),
        );
    }
  }

  private inConversation(conversationId: string): ViewToolRoute[] {
    return [...this.views.values()]
      .filter((view) => view.owner.conversationId === conversationId)
      .flatMap((view) => view.tools);
  }
}

function closedFault(route: ViewToolRoute): HostFault {
  return new HostFault('not_found', {
    id: 'host.apps.viewToolGone',
    values: { owner: route.owner.viewOf, tool: route.tool.name },
  });
}
