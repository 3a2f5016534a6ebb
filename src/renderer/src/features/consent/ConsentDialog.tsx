// The consent modal on the native <dialog>: Escape closes nothing, focus lands on the dialog itself.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import '../../components/Dialog.css';
import './consent.css';

/** Props of `ConsentDialog`; it stays open while mounted. */
export type ConsentDialogProps = {
  title: string;
  /** Shown next to the title, e.g. `2 more waiting`. */
  aside?: string | null;
  /** Each new value moves focus back to the dialog (a new request or a notice). */
  focusKey: string;
  describedBy?: string;
  /** Text for the polite status region that outlives the requests shown below it. */
  status: string;
  children: ReactNode;
};

/** A modal that only a decision ends: no close button, Escape is ignored, and a forced close reopens it. */
export function ConsentDialog({ title, aside, focusKey, describedBy, status, children }: ConsentDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const reopen = () => {
      if (dialog.isConnected && !dialog.open) {
        dialog.showModal();
        dialog.focus();
      }
    };
    dialog.addEventListener('close', reopen);
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.removeEventListener('close', reopen);
      dialog.close();
    };
  }, []);

  useEffect(() => {
    if (focusKey) ref.current?.focus();
  }, [focusKey]);

  return (
    <dialog
      ref={ref}
      tabIndex={-1}
      className="dialog dialog-wide consent-dialog"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => event.preventDefault()}
    >
      <header className="dialog-header consent-header">
        <h2 id={titleId}>{title}</h2>
        {aside ? <span className="consent-waiting">{aside}</span> : null}
      </header>
      <p className="consent-status" role="status" aria-live="polite">
        {status}
      </p>
      {children}
    </dialog>
  );
}
