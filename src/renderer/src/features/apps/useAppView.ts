// One view's life: open it on the host, load its sandbox, bridge it, keep it informed, and say goodbye when it goes.
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AppOpened } from '../../../../shared/apps';
import type { Json, ToolCallResult, ToolView } from '../../../../shared/types';
import { useHost } from '../../api';
import { isComposing } from '../../components/composing';
import { describeError } from '../../components/format';
import { isHttpsUrl } from '../../components/Markdown';
import { translate, useLanguage } from '../../i18n';
import { actions } from '../../store';
import { connectBridge, type ViewRequests } from './appBridge';
import { clampViewHeight, INITIAL_INLINE_HEIGHT, resolveDisplayMode } from './displayModes';
import { hostContext, useAppTheme } from './hostContext';
import { cardFrame, closeDocument, releaseDocument, type ViewDocument } from './viewDocuments';
import { useViewDownloads } from './viewDownloads';
import { closeReason } from './viewLifecycle';
import { offerViewTools } from './viewToolOffer';
import { openViewWindow, VIEW_WINDOW_SIZE, watchClosed } from './viewWindow';

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

/** Where the view is shown: in the card's frame, or in a window of its own. */
export type ViewPlace = 'card' | 'window';

function argsObject(args: Json): Record<string, unknown> {
  return args && typeof args === 'object' && !Array.isArray(args) ? args : {};
}

export function useAppView(input: AppViewInput) {
  const host = useHost();
  const theme = useAppTheme();
  // The view is told the page's language in its context, and again when the person switches.
  const { locale } = useLanguage();
  const [generation, setGeneration] = useState(0);
  const [opened, setOpened] = useState<AppOpened | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [closedByView, setClosedByView] = useState(false);
  const [mode, setMode] = useState<McpUiDisplayMode>('inline');
  const [place, setPlace] = useState<ViewPlace>('card');
  const [windowRefused, setWindowRefused] = useState(false);
  const [height, setHeight] = useState(INITIAL_INLINE_HEIGHT);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [link, setLink] = useState<LinkRequest | null>(null);
  const downloads = useViewDownloads();
  const slot = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const live = useRef<ViewDocument | null>(null);
  const latest = useRef({ input, theme, mode, box });
  latest.current = { input, theme, mode, box };
  const linkWaiting = useRef(false);

  /** What the view is told of its place; in its window it fills the window, as in full screen. */
  const contextNow = (tool: ToolView, inWindow: boolean) => {
    const now = latest.current;
    return hostContext({
      tool,
      theme: now.theme,
      displayMode: inWindow ? 'fullscreen' : now.mode,
      width: inWindow ? VIEW_WINDOW_SIZE.width : now.box.width,
      height: inWindow ? VIEW_WINDOW_SIZE.height : now.mode === 'inline' ? undefined : now.box.height,
    });
  };

  /** Brings the view up to date: context, the arguments so far while they are written, then the input once, then the call's outcome once. */
  const sync = (view: ViewDocument) => {
    const bridge = view.bridge;
    if (!bridge || !view.initialized) return;
    const { input: now } = latest.current;
    bridge.setHostContext(contextNow(now.tool, view.popup !== undefined));
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
    // i18n-ignore: told to the view over its protocol, not shown by Switchboard
    else void bridge.sendToolCancelled({ reason: 'The call was cancelled.' });
  };

  const requestsFor = (view: ViewDocument): ViewRequests => {
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
        if (view.popup) {
          if (requested !== 'inline') return 'fullscreen';
          queueMicrotask(() => bringBack(view));
          return 'inline';
        }
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

  /** Shows the view of the session `opened` in the card's frame, or in `popup`; the bridge is connected first. */
  const show = (opened: AppOpened, popup?: Window): ViewDocument => {
    const view = {
      appId: opened.appId,
      opened,
      initialized: false,
      sentInput: false,
      sentOutcome: false,
    } as ViewDocument;
    let target = popup;
    if (!popup) {
      const frame = cardFrame(opened, latest.current.input.server);
      slot.current?.appendChild(frame);
      view.frame = frame;
      target = frame.contentWindow ?? undefined;
    } else {
      view.popup = popup;
      view.stopWatching = watchClosed(popup, () => bringBack(view));
    }
    if (!target) throw new Error(translate('apps.view.frameNotStarted'));
    view.ready = connectBridge(target, opened, contextNow(opened.tool, Boolean(popup)), requestsFor(view));
    void view.ready.then((bridge) => {
      view.bridge = bridge;
      if (view.frame && live.current === view) view.frame.src = opened.frameUrl;
    }, setProblemOf(view));
    return view;
  };

  const setProblemOf = (view: ViewDocument) => (error: unknown) => {
    if (live.current === view) setProblem(describeError(error));
  };

  const openInWindow = () => {
    const view = live.current;
    if (!view || view.popup) return;
    const popup = openViewWindow(view.opened.frameUrl, `switchboard-view-${view.appId}`);
    setWindowRefused(!popup);
    if (!popup) return;
    setMode('inline');
    live.current = show(view.opened, popup);
    releaseDocument(view);
    setPlace('window');
  };

  const bringBack = (view: ViewDocument | null = live.current) => {
    if (!view?.popup || live.current !== view) return;
    live.current = show(view.opened);
    releaseDocument(view);
    setPlace('card');
  };

  const { server, conversationId } = input;
  const toolName = input.tool.name;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a view opens once per tool call; `generation` reopens it
  useLayoutEffect(() => {
    if (closedByView) return;
    let cancelled = false;
    setOpened(null);
    setProblem(null);
    setPlace('card');
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
        live.current = show(result);
        setOpened(result);
      } catch (error) {
        if (!cancelled) setProblem(describeError(error));
      }
    })();
    return () => {
      cancelled = true;
      const view = live.current;
      live.current = null;
      if (view) {
        downloads.dismiss();
        closeDocument(view, host, closeReason(conversationId));
      }
    };
  }, [host, server, toolName, conversationId, generation, closedByView]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-sent when what the view is told about changes
  useEffect(() => {
    if (live.current) sync(live.current);
  }, [input.call.status, input.args, theme, locale, mode, box.width, box.height]);

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
      if (event.key === 'Escape' && !isComposing(event)) setMode('inline');
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
    place,
    windowRefused,
    openInWindow,
    bringBack: () => bringBack(),
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
