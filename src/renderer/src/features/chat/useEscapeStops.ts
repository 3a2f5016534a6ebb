// Escape stops the reply being written, unless something in front of the conversation wants the key.
import { useEffect } from 'react';

/** True when a dialog, a popover or a list open over the page should have the Escape key instead. */
function somethingInFront(): boolean {
  return document.querySelector('dialog[open], :popover-open, [role="dialog"][aria-modal="true"]') !== null;
}

/** While `running`, Escape anywhere in the window calls `stop` (a key handled by a field or a list first is left alone). */
export function useEscapeStops(running: boolean, stop: () => void): void {
  useEffect(() => {
    if (!running) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing || somethingInFront()) return;
      stop();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [running, stop]);
}
