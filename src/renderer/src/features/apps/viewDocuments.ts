// One document of an open view, in the card's frame or in a window of its own: its frame, and letting it go.
import { type AppBridge, buildAllowAttribute } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppOpened } from '../../../../shared/apps';
import type { HostClient } from '../../api';
import { translate } from '../../i18n';
import { permissionsObject } from './appBridge';
import { parkFrame } from './viewLifecycle';
import { closeViewWindow } from './viewWindow';

/** One document of a view; the session (`appId`) outlives it when the view moves to or from its window. */
export type ViewDocument = {
  appId: string;
  opened: AppOpened;
  frame?: HTMLIFrameElement;
  popup?: Window;
  ready: Promise<AppBridge>;
  bridge?: AppBridge;
  initialized: boolean;
  sentInput: boolean;
  /** The partial arguments last sent, as JSON. */
  sentPartial?: string;
  sentOutcome: boolean;
  /** Stops answering the host's calls of the view's tools. */
  stopTools?: () => void;
  stopWatching?: () => void;
};

const TEARDOWN_TIMEOUT_MS = 3000;
const SANDBOX = 'allow-scripts allow-same-origin allow-forms';

/** The card's frame for the sandbox page of `opened`, with the permissions the person granted; not loaded yet. */
export function cardFrame(opened: AppOpened, server: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.className = 'app-view-frame';
  frame.title = translate('apps.view.frameTitle', { tool: opened.tool.name, server });
  frame.setAttribute('sandbox', SANDBOX);
  frame.setAttribute('referrerpolicy', 'no-referrer');
  const allow = buildAllowAttribute(permissionsObject(opened.permissions.granted));
  if (allow) frame.setAttribute('allow', allow);
  return frame;
}

/** Lets go of one document while its session goes on: its bridge closes, which settles what it waited for. */
export function releaseDocument(view: ViewDocument): void {
  view.stopTools?.();
  view.stopWatching?.();
  void view.ready.then((bridge) => bridge.close()).catch(() => {});
  view.frame?.remove();
  if (view.popup) closeViewWindow(view.popup);
}

/**
 * Ends the session: the view is asked to tear down (and given the time to answer where its page
 * still runs: a parked frame, or its window), then its document goes and the host closes the session.
 */
export function closeDocument(view: ViewDocument, host: HostClient, reason: string): void {
  view.stopTools?.();
  view.stopWatching?.();
  const parked = view.popup ? !view.popup.closed : view.frame ? parkFrame(view.frame) : false;
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
    view.frame?.remove();
    if (view.popup) closeViewWindow(view.popup);
    await host.invoke('apps.close', { appId: view.appId, reason, confirmed }).catch(() => {});
  })();
}
