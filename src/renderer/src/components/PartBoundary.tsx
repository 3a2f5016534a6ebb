// A part of the window that may fail on its own (its code could not be fetched, or it threw): a plain message with
// Reload takes its place, and the rest of the window lives on.
import { Component, type ReactNode } from 'react';
import { useT } from '../i18n';
import { describeError } from './format';

/** What takes a failed part's place: the reason, and Reload. */
function PartFailed({ failure }: { failure: string }): ReactNode {
  const t = useT();
  return (
    <div className="part-failed" role="alert">
      <p>{t('common.part.failed', { error: failure })}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('common.part.reload')}
      </button>
    </div>
  );
}

export class PartBoundary extends Component<{ children: ReactNode }, { failure?: string }> {
  override state: { failure?: string } = {};

  static getDerivedStateFromError(error: unknown): { failure: string } {
    return { failure: describeError(error) };
  }

  override componentDidCatch(error: unknown): void {
    // i18n-ignore: the console's record, not shown in the page
    console.error('A part of the window could not be shown.', error);
  }

  override render(): ReactNode {
    if (this.state.failure === undefined) return this.props.children;
    return <PartFailed failure={this.state.failure} />;
  }
}
