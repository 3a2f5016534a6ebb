// Brief alerts for requests the host refused on its own (too many at once, budget spent); each fades after a while.
import { type ReactNode, useEffect } from 'react';
import { useT } from '../../i18n';
import { actions, useRefusals } from '../../store';
import type { RefusalToast } from '../../store/requestsSlice';
import { refusalText } from './samplingForm';

/** How long one refusal stays on screen. */
export const REFUSAL_MS = 8000;

function Toast({ toast }: { toast: RefusalToast }): ReactNode {
  const t = useT();
  useEffect(() => {
    const left = Math.max(0, toast.arrivedAt + REFUSAL_MS - Date.now());
    const timer = setTimeout(() => actions.refusalDismissed(toast.key), left);
    return () => clearTimeout(timer);
  }, [toast.key, toast.arrivedAt]);
  return (
    <li className="request-toast">
      <span>{refusalText(toast)}</span>
      <button
        type="button"
        className="icon-button"
        aria-label={t('requests.refused.dismiss', { kind: toast.kind, server: toast.server })}
        onClick={() => actions.refusalDismissed(toast.key)}
      >
        ×
      </button>
    </li>
  );
}

/** The alert region; `floating` pins it to the window's corner when no request dialog is open. */
export function RefusedToasts({ floating = false }: { floating?: boolean }): ReactNode {
  const refusals = useRefusals();
  return (
    <div className={floating ? 'request-toasts floating' : 'request-toasts'} role="alert">
      {refusals.length > 0 ? (
        <ul>
          {refusals.map((toast) => (
            <Toast key={toast.key} toast={toast} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
