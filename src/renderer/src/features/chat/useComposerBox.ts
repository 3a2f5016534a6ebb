// The composer's message box grows with its text and takes focus when a conversation opens or a reply ends.
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

const MAX_HEIGHT = 240;

/** Sizes the box to its text (up to a limit) and focuses it when it opens or when a reply ends with focus lost. */
export function useComposerBox(
  box: RefObject<HTMLTextAreaElement | null>,
  text: string,
  running: boolean,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the box grows with its text
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT)}px`;
  }, [text]);

  // Focus the box when the conversation opens (unless the person types elsewhere), and when a reply
  // ends if focus was lost.
  const opened = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves only when a reply starts or ends
  useEffect(() => {
    const el = box.current;
    if (running || !el) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    const typing = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
    if (lost || (!opened.current && !typing)) el.focus();
    opened.current = true;
  }, [running]);
}
