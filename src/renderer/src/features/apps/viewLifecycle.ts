// Keeping a view alive long enough to say goodbye: why views close, and a place to park their frames meanwhile.

const reasons = new Map<string, string>();
const REASON_KEPT_MS = 10_000;

/** Says why the views of a conversation are about to close (e.g. it is being deleted). */
export function conversationClosing(conversationId: string, reason: string): void {
  reasons.set(conversationId, reason);
  setTimeout(() => {
    if (reasons.get(conversationId) === reason) reasons.delete(conversationId);
  }, REASON_KEPT_MS);
}

/** Why a view of this conversation (or of none) closes now. */
export function closeReason(conversationId: string | undefined): string {
  return (conversationId && reasons.get(conversationId)) || 'its card was closed';
}

let lot: HTMLElement | null = null;

function parkingLot(): HTMLElement {
  if (lot?.isConnected) return lot;
  lot = document.createElement('div');
  lot.className = 'app-view-parking';
  lot.setAttribute('aria-hidden', 'true');
  lot.inert = true;
  document.body.appendChild(lot);
  return lot;
}

type MovableParent = HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };

/**
 * Moves a view's frame out of a card that is going away, keeping its page running (`moveBefore`),
 * so it can still answer the teardown request. False where the browser cannot move a frame alive.
 */
export function parkFrame(frame: HTMLIFrameElement): boolean {
  const target = parkingLot() as MovableParent;
  if (!frame.isConnected || typeof target.moveBefore !== 'function') return false;
  try {
    target.moveBefore(frame, null);
    return true;
  } catch {
    return false;
  }
}
