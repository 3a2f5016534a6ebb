// How a server's request to the person ends when the server cancels it or its connection closes.
import type { AbortEnding } from '../consent/pending';
import { abortKind, requestGone } from './protocolErrors';

/** The server hears the request is gone (it sends nothing more then), for the reason its signal gives. */
export const serverAbort: AbortEnding<unknown, never> = (_request, signal) => {
  const kind = abortKind(signal);
  return { outcome: { error: requestGone(kind) }, reason: kind };
};
