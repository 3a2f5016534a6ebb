// The modal for a decision the person owes (a tool call, a server's request, sharing folders): open until answered.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '../i18n';
import { waitingLabel } from './waitingLabel';
import './Dialog.css';
import './DecisionDialog.css';

/** Props of `DecisionDialog`; it stays open while mounted. */
export type DecisionDialogProps = {
  title: string;
  /** Shown next to the title, e.g. `2 more waiting`. */
  aside?: string | null;
  /** Each new value moves focus back to the dialog (a new request, a new stage or a notice). */
  focusKey: string;
  describedBy?: string;
  /** Text for the polite status region that outlives the requests shown below it. */
  status: string;
  /** Widens or styles one kind of dialog. */
  className?: string;
  /** Escape and the close button call this; without it, Escape does nothing and there is no close button. */
  onDismiss?: () => void;
  /** Shown above the body, e.g. refusals that must stay visible over the modal. */
  top?: ReactNode;
  children: ReactNode;
};

/** A modal only an answer ends; a forced close (e.g. by the browser) reopens it. */
export function DecisionDialog(props: DecisionDialogProps): ReactNode {
  const { title, aside, focusKey, describedBy, status, className, onDismiss, top, children } = props;
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const classes = `dialog dialog-wide decision-dialog ${className ?? ''}`;

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
      className={classes}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss?.();
      }}
    >
      <header className="dialog-header decision-header">
        <h2 id={titleId}>{title}</h2>
        {aside ? <span className="decision-waiting">{aside}</span> : null}
        <span className="decision-header-gap" />
        {onDismiss ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.close')}
            title={t('common.cancel')}
            onClick={onDismiss}
          >
            ×
          </button>
        ) : null}
      </header>
      {top}
      <p className="decision-status" role="status" aria-live="polite">
        {status}
      </p>
      {children}
    </dialog>
  );
}

/** How long a "the request went away" notice stays before the next one shows. */
export const NOTICE_MS = 1800;

export type QueuedDecisionProps<T extends { id: string }> = {
  /** The oldest waiting item, if any. */
  head: T | undefined;
  count: number;
  /** A notice about an item that went away unanswered; shown instead of the next item for a moment. */
  notice: { id: string; text: string } | null | undefined;
  clearNotice: () => void;
  title: (item: T | null) => string;
  className: string;
  render: (item: T, summaryId: string) => ReactNode;
};

/** The oldest of a queue of decisions in a `DecisionDialog`, with a pause for notices in between. */
export function QueuedDecision<T extends { id: string }>(props: QueuedDecisionProps<T>): ReactNode {
  const { head, count, notice, clearNotice, title, className, render } = props;
  const t = useT();
  const summaryId = useId();

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(clearNotice, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, clearNotice]);

  if (!head && !notice) return null;
  const showing = notice ? null : (head ?? null);
  return (
    <DecisionDialog
      className={className}
      title={title(showing)}
      aside={showing ? waitingLabel(count) : null}
      focusKey={notice ? `notice:${notice.id}` : `item:${head?.id ?? ''}`}
      describedBy={showing ? summaryId : undefined}
      status={notice?.text ?? ''}
    >
      {showing ? (
        render(showing, summaryId)
      ) : (
        <div className="dialog-body decision-between">
          <p className="muted">{head ? t('common.decision.nextSoon') : t('common.decision.noneWaiting')}</p>
        </div>
      )}
    </DecisionDialog>
  );
}
