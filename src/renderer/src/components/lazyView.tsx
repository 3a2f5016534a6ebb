// A component whose code loads when first shown, or earlier when asked: `fallback` until it is here, then it shows
// at once. React's `lazy` would show it up to 300 ms later (React holds back what a Suspense boundary reveals).
import { type ComponentType, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { lazyPart } from './lazyPart';

export type LazyView<P> = ((props: P) => ReactNode) & {
  /** Fetches the code now (once; later calls share the first load). */
  load(): Promise<ComponentType<P>>;
};

/**
 * `importer`'s component, loaded on first render or `load()`, with `fallback` shown until then. A failed load is
 * thrown to the nearest error boundary (`PartBoundary`).
 */
export function lazyView<P extends object>(
  importer: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): LazyView<P> {
  const part = lazyPart(importer);
  function View(props: P): ReactNode {
    const Loaded = useSyncExternalStore(part.subscribe, part.current, part.current);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      if (!Loaded) part.load().catch((error: unknown) => setFailure({ error }));
    }, [Loaded]);
    if (failure) throw failure.error;
    return Loaded ? <Loaded {...props} /> : fallback(props);
  }
  return Object.assign(View, { load: part.load });
}
