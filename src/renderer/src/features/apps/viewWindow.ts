// A view's window of its own: opened on the sandbox origin, watched until it closes, closed with the page.

/** The size a view's window opens at. */
export const VIEW_WINDOW_SIZE = { width: 960, height: 720 } as const;
const CLOSED_CHECK_MS = 250;

const open = new Set<Window>();
const origins = new WeakMap<Window, string>();
let closingWithPage = false;

/** The `window.open` features of a view's window: a pop-up of `size`, keeping its opener (the bridge needs it). */
export function viewWindowFeatures(size: { width: number; height: number }): string {
  const width = Math.max(320, Math.round(size.width));
  const height = Math.max(240, Math.round(size.height));
  return `popup,width=${width},height=${height}`;
}

/**
 * Opens the sandbox page `url` in a window named `name`; null when the browser refused (a pop-up
 * blocker). The window is closed when this page goes away, so no view outlives its host.
 */
export function openViewWindow(url: string, name: string): Window | null {
  const target = window.open(url, name, viewWindowFeatures(VIEW_WINDOW_SIZE));
  if (!target) return null;
  open.add(target);
  origins.set(target, new URL(url).origin);
  if (!closingWithPage) {
    closingWithPage = true;
    window.addEventListener('pagehide', () => {
      for (const each of open) closeViewWindow(each);
    });
  }
  return target;
}

/** What asks a view's window to close: the window let go of its opener, which therefore may not close it. */
const CLOSE_WINDOW = { jsonrpc: '2.0', method: 'ui/notifications/sandbox-close-window', params: {} } as const;

/** Closes a view's window opened by `openViewWindow`: asks its sandbox page, on the origin of its first URL, to close. */
export function closeViewWindow(target: Window): void {
  const origin = origins.get(target);
  open.delete(target);
  if (origin && !target.closed) target.postMessage(CLOSE_WINDOW, origin);
}

/** Calls `onClosed` once when `target` is closed (by the person or by anything else); returns how to stop watching. */
export function watchClosed(target: Window, onClosed: () => void): () => void {
  const timer = setInterval(() => {
    if (!target.closed) return;
    clearInterval(timer);
    open.delete(target);
    onClosed();
  }, CLOSED_CHECK_MS);
  return () => clearInterval(timer);
}
