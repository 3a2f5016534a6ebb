// The app view, loaded on first use: the bridge and its protocol code stay out of the window's first load.
import { lazy, type ReactNode, Suspense } from 'react';
import type { AppViewProps } from './AppView';

const AppView = lazy(() => import('./AppView').then((module) => ({ default: module.AppView })));

/** `AppView`, with the text result shown while its code loads. */
export function LazyAppView(props: AppViewProps): ReactNode {
  return (
    <Suspense fallback={props.textResult ?? null}>
      <AppView {...props} />
    </Suspense>
  );
}
