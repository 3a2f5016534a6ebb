// A large part of the page loaded on first need rather than at start, with a hook that re-renders once it is here.
import { useEffect, useSyncExternalStore } from 'react';

export type LazyPart<T> = {
  /** The part once loaded, else undefined. */
  current(): T | undefined;
  /** Loads the part (once; later calls share the first load). */
  load(): Promise<T>;
};

/** A part whose code `importer` fetches when first asked for. A failed load may be tried again. */
export function lazyPart<T>(
  importer: () => Promise<T>,
): LazyPart<T> & { subscribe(listener: () => void): () => void } {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    current: () => value,
    load() {
      loading ??= importer().then(
        (loaded) => {
          value = loaded;
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The part when `wanted` and loaded; asks for it when `wanted`, and re-renders when it arrives. */
export function useLazyPart<T>(part: ReturnType<typeof lazyPart<T>>, wanted = true): T | undefined {
  const value = useSyncExternalStore(part.subscribe, part.current, part.current);
  useEffect(() => {
    if (wanted && value === undefined) part.load().catch(() => {});
  }, [part, wanted, value]);
  return wanted ? value : undefined;
}
