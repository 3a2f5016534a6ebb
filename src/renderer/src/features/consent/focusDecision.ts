// Brings a waiting call's card into view and gives its decision the focus (the card may not be rendered yet).
const TRIES = 20;

function findDecision(id: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-consent-id="${CSS.escape(id)}"]`);
}

/** True when the focus is inside a decision now; that decision's id. */
export function focusedDecision(): string | undefined {
  const active = document.activeElement;
  const region = active instanceof HTMLElement ? active.closest<HTMLElement>('[data-consent-id]') : null;
  return region?.dataset.consentId;
}

/**
 * Focuses the decision of request `id`. Waiting calls are in the latest reply, so when the card is
 * not rendered (the list only renders what is near the view) the conversation is scrolled to its end first.
 */
export function focusDecision(id: string): void {
  let tries = 0;
  const attempt = () => {
    const region = findDecision(id);
    if (region) {
      region.scrollIntoView({ block: 'nearest' });
      region.focus({ preventScroll: true });
      return;
    }
    const log = document.querySelector<HTMLElement>('.msg-scroll[role="log"]');
    if (log) log.scrollTop = log.scrollHeight;
    tries += 1;
    if (tries < TRIES) requestAnimationFrame(attempt);
  };
  attempt();
}
