// The welcome's own small state outside React: the remembered dismissal and the "type /review-file" hint.
import { useSyncExternalStore } from 'react';
import { readDismissed, writeDismissed } from './welcome';

type State = { dismissed: boolean; hintFor: string | null };

const listeners = new Set<() => void>();
let state: State | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function current(): State {
  state ??= { dismissed: readDismissed(storage()), hintFor: null };
  return state;
}

function update(next: Partial<State>): void {
  state = { ...current(), ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the person skipped or finished the welcome (remembered in localStorage). */
export function useWelcomeDismissed(): boolean {
  return useSyncExternalStore(subscribe, () => current().dismissed);
}

/** The conversation that should show the "type /review-file" hint, if any. */
export function useReviewHintFor(): string | null {
  return useSyncExternalStore(subscribe, () => current().hintFor);
}

/** Hides the welcome for good. */
export function dismissWelcome(): void {
  writeDismissed(storage());
  update({ dismissed: true });
}

/** Shows the hint above conversation `id` (null hides it). */
export function showReviewHint(id: string | null): void {
  update({ hintFor: id });
}
