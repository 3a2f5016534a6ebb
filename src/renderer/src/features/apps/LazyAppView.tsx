// The app view, loaded on first use: the bridge and its protocol code stay out of the window's first load.
import type { ReactNode } from 'react';
import { lazyView } from '../../components/lazyView';
import { PartBoundary } from '../../components/PartBoundary';
import type { AppViewProps } from './AppView';

const AppView = lazyView(
  () => import('./AppView').then((module) => module.AppView),
  (props) => props.textResult ?? null,
);

/** `AppView`, with the text result shown while its code loads. */
export function LazyAppView(props: AppViewProps): ReactNode {
  return (
    <PartBoundary>
      <AppView {...props} />
    </PartBoundary>
  );
}
