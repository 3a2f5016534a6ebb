// One view's life: open it on the host, load its sandbox, bridge it, keep it informed, and say goodbye when it goes.
import {
  type AppBridge,
  buildAllowAttribute,
  type McpUiDisplayMode,
  type McpUiResourcePermissions,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AppOpened } from '../../../../shared/apps';
import type { Json, ToolCallResult, ToolView } from '../../../../shared/types';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { isHttpsUrl } from '../../components/Markdown';
import { actions } from '../../store';
import { connectBridge, type ViewRequests } from './appBridge';
import { clampViewHeight, INITIAL_INLINE_HEIGHT, resolveDisplayMode } from './displayModes';
import { hostContext, useAppTheme } from './hostContext';
import { useViewDownloads } from './viewDownloads';
import { closeReason, parkFrame } from './viewLifecycle';
import { offerViewTools } from './viewToolOffer';

/** Where the tool call the view belongs to stands. */
export type ViewCall =
  /** The model is still writing the arguments (a grant already covers the tool): `args` are those so far. */
  | { status: 'writing' }
  | { status: 'running' }
  | { status: 'done'; result: ToolCallResult }
  | { status: 'failed'; error: string }
  | { status: 'cancelled' };

export type AppViewInput = {
  server: string;
  tool: ToolView;
  args: Json;
  call: ViewCall;
  /** The conversation of the card; without it the view cannot suggest messages or context. */
  conversationId?: string;
  callId?: string;
  /** Without a conversation: told of a message the view tried to send, which went nowhere. */
  onUnsentMessage?: (text: string) => void;
};

/** A link the view wants opened, waiting for the person. */
export type LinkRequest = { url: string; answer: (open: boolean) => void };

type Live = {
  appId: string;
  frame: HTMLIFrameElement;
  ready: Promise<AppBridge>;
  bridge?: AppBridge;
  initialized: boolean;
  sentInput: boolean;
  /** The partial arguments last sent, as JSON. */
  sentPartial?: string;
  sentOutcome: boolean;
  /** Stops answering the host's calls of the view's tools. */
  stopTools?: () => void;
};

const TEARDOWN_TIMEOUT_MS = 3000;
const SANDBOX = 'allow-scripts allow-same-origin allow-forms';

function permissionsObject(granted: AppOpened['permissions']['granted']): McpUiResourcePermissions {
  return Object.fromEntries(granted.map((name) => [name, {}])) as McpUiResourcePermissions;
}

function argsObject(args: Json): Record<string, unknown> {
  return args && typeof args === 'object' && !Array.isArray(args) ? args : {};
}

export function useAppView(input: AppViewInput) {
  const host = useHost();
  const theme = useAppTheme();
  const [generation, setGeneration] = useState(0);
  const [opened, setOpened] = useState<AppOpened | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [closedByView, setClosedByView] = useState(false);
  const [mode, setMode] = useState<McpUiDisplayMode>('inline');
  const [height, setHeight] = useState(INITIAL_INLINE_HEIGHT);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [link, setLink] = useState<LinkRequest | null>(null);
  const downloads = useViewDownloads();
  const slot = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const live = useRef<Live | null>(null);
  const latest = useRef({ input, theme, mode, box });
  latest.current = { input, theme, mode, box };
  const linkWaiting = useRef(false);

  const contextNow = (tool: ToolView) => {
    const now = latest.current;
    return hostContext({
      tool,
      theme: now.theme,
      displayMode: now.mode,
      width: now.box.width,
      height: now.mode === 'inline' ? undefined : now.box.height,
    });
  };

  /** Brings the view up to date: context, the arguments so far while they are written, then the input once, then the call's outcome once. */
  const sync = (view: Live) => {
    const bridge = view.bridge;
    if (!bridge || !view.initialized) return;
    const { input: now } = latest.current;
    bridge.setHostContext(contextNow(now.tool));
    if (now.call.status === 'writing') {
      const partial = JSON.stringify(now.args);
      if (view.sentInput || partial === view.sentPartial) return;
      view.sentPartial = partial;
      void bridge.sendToolInputPartial({ arguments: argsObject(now.args) });
      return;
    }
    if (!view.sentInput) {
      view.sentInput = true;
      void bridge.sendToolInput({ arguments: argsObject(now.args) });
    }
    if (view.sentOutcome || now.call.status === 'running') return;
    view.sentOutcome = true;
    if (now.call.status === 'done') void bridge.sendToolResult(now.call.result as never);
    else if (now.call.status === 'failed')
      void bridge.sendToolResult({ content: [{ type: 'text', text: now.call.error }], isError: true });
    else void bridge.sendToolCancelled({ reason: 'The call was cancelled.' });
  };

  const requestsFor = (view: Live): ViewRequests => {
    const { server, tool, conversationId, callId } = latest.current.input;
    return {
      callTool: (name, args) =>
        host.invoke('apps.callTool', { appId: view.appId, name, args: args as Record<string, Json> }),
      readResource: (uri) => host.invoke('apps.readResource', { appId: view.appId, uri }),
      openLink: (url) => {
        if (!isHttpsUrl(url) || linkWaiting.current) return Promise.resolve(false);
        linkWaiting.current = true;
        return new Promise<boolean>((resolve) =>
          setLink({
            url,
            answer: (open) => {
              linkWaiting.current = false;
              setLink(null);
              resolve(open);
            },
          }),
        );
      },
      downloadFile: (contents) => downloads.offer(view.appId, contents),
      message: conversationId
        ? (text) => {
            actions.composerOffered(conversationId, { text, from: tool.name });
            return true;
          }
        : (text) => {
            latest.current.input.onUnsentMessage?.(text);
            return false;
          },
      modelContext:
        conversationId && callId
          ? (text) => {
              const item = { kind: 'app' as const, server, tool: tool.name, callId, text };
              if (text.trim()) actions.contextAdded(conversationId, item);
              else actions.contextRemoved(conversationId, item);
            }
          : undefined,
      displayMode: (requested, appModes) => {
        const next = resolveDisplayMode(requested, latest.current.mode, appModes);
        latest.current.mode = next;
        setMode(next);
        return next;
      },
      sizeChanged: (reported) => setHeight((current) => clampViewHeight(reported, current)),
      log: (level, text) =>
        void host
          .invoke('apps.log', { appId: view.appId, level, text: text.slice(0, 10_000) })
          .catch(() => {}),
      initialized: () => {
        view.initialized = true;
        sync(view);
        if (conversationId && view.bridge) view.stopTools = offerViewTools(host, view.appId, view.bridge);
      },
      closeRequested: () => setClosedByView(true),
    };
  };

  const close = (view: Live, reason: string) => {
    downloads.dismiss();
    view.stopTools?.();
    const parked = parkFrame(view.frame);
    void (async () => {
      const bridge = await view.ready.catch(() => undefined);
      let confirmed = false;
      if (bridge && view.initialized) {
        const answered = bridge.teardownResource({}, { timeout: TEARDOWN_TIMEOUT_MS });
        if (parked)
          confirmed = await answered.then(
            () => true,
            () => false,
          );
        else answered.catch(() => {});
      }
      await bridge?.close().catch(() => {});
      view.frame.remove();
      await host.invoke('apps.close', { appId: view.appId, reason, confirmed }).catch(() => {});
    })();
  };

  const { server, conversationId } = input;
  const toolName = input.tool.name;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a view opens once per tool call; `generation` reopens it
  useLayoutEffect(() => {
    if (closedByView) return;
    let cancelled = false;
    setOpened(null);
    setProblem(null);
    const frame = document.createElement('iframe');
    frame.className = 'app-view-frame';
    frame.title = `View of ${toolName} (${server})`;
    frame.setAttribute('sandbox', SANDBOX);
    frame.setAttribute('referrerpolicy', 'no-referrer');
    void (async () => {
      try {
        const result = await host.invoke('apps.open', {
          server,
          tool: toolName,
          ...(conversationId ? { conversationId } : {}),
        });
        if (cancelled || !slot.current) {
          void host.invoke('apps.close', {
            appId: result.appId,
            reason: 'closed before it showed',
            confirmed: false,
          });
          return;
        }
        const allow = buildAllowAttribute(permissionsObject(result.permissions.granted));
        if (allow) frame.setAttribute('allow', allow);
        slot.current.appendChild(frame);
        const target = frame.contentWindow;
        if (!target) throw new Error('Its frame did not start.');
        const view = {
          appId: result.appId,
          frame,
          initialized: false,
          sentInput: false,
          sentOutcome: false,
        } as Live;
        view.ready = connectBridge(target, result, contextNow(result.tool), requestsFor(view));
        live.current = view;
        view.bridge = await view.ready;
        if (cancelled) return;
        frame.src = result.frameUrl;
        setOpened(result);
      } catch (error) {
        if (!cancelled) setProblem(describeError(error));
      }
    })();
    return () => {
      cancelled = true;
      const view = live.current;
      live.current = null;
      if (view) close(view, closeReason(conversationId));
    };
  }, [host, server, toolName, conversationId, generation, closedByView]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-sent when what the view is told about changes
  useEffect(() => {
    if (live.current) sync(live.current);
  }, [input.call.status, input.args, theme, mode, box.width, box.height]);

  useEffect(() => observeBox(slot, setBox), []);

  // Full screen and picture-in-picture lift the stage into the top layer: no card, scroller or transform clips it,
  // and the frame is not moved (moving would reload the view).
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element || typeof element.showPopover !== 'function') return;
    const shown = element.matches(':popover-open');
    if (mode !== 'inline' && !shown) element.showPopover();
    if (mode === 'inline' && shown) element.hidePopover();
  }, [mode]);

  useEffect(() => {
    if (mode === 'inline') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMode('inline');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);

  return {
    slot,
    stage,
    opened,
    problem,
    closedByView,
    mode,
    height,
    link,
    download: downloads.waiting,
    fileRefused: downloads.refused,
    exitMode: () => setMode('inline'),
    reopen: () => {
      setClosedByView(false);
      setGeneration((value) => value + 1);
    },
  };
}

function observeBox(
  slot: RefObject<HTMLDivElement | null>,
  setBox: (box: { width: number; height: number }) => void,
): (() => void) | undefined {
  const element = slot.current;
  if (!element) return undefined;
  const observer = new ResizeObserver(([entry]) => {
    if (!entry) return;
    const { width, height } = entry.contentRect;
    setBox({ width: Math.round(width), height: Math.round(height) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}
