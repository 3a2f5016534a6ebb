// A part of the window that may fail on its own (its code could not be fetched, or it threw): a plain message with
// Reload takes its place, and the rest of the window lives on.
import { Component, type ReactNode } from 'react';
import { describeError } from './format';

export class PartBoundary extends Component<{ children: ReactNode }, { failure?: string }> {
  override state: { failure?: string } = {};

  static getDerivedStateFromError(error: unknown): { failure: string } {
    return { failure: describeError(error) };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A part of the window could not be shown.', error);
  }

  override render(): ReactNode {
    if (this.state.failure === undefined) return this.props.children;
    return (
      <div className="part-failed" role="alert">
        <p>This part of the window could not be shown: {this.state.failure}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the window
        </button>
      </div>
    );
  }
}
