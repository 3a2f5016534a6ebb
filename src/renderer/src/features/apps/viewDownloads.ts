// A view's offers of files: checked first (refused with the reason, or waiting for the person), one at a time.
import { useRef, useState } from 'react';
import { type ViewFile, type ViewFileRefusal, viewFileOffer } from '../../../../shared/appFiles';
import { translate } from '../../i18n';

/** Files the view offers to save, checked and waiting for the person. */
export type DownloadRequest = { appId: string; files: ViewFile[]; answer: (saved: boolean) => void };

export function useViewDownloads() {
  const [waiting, setWaiting] = useState<DownloadRequest | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const answerNow = useRef<((saved: boolean) => void) | null>(null);
  return {
    waiting,
    /** Why the last offer was refused without asking, if it was. */
    refused,
    /** Resolves to whether the person saved the files; rejects with the reason when they are refused unseen. */
    offer(appId: string, contents: readonly unknown[]): Promise<boolean> {
      const checked = viewFileOffer(contents);
      if (!checked.ok || answerNow.current) {
        const words = checked.ok ? translate('apps.download.oneAtATime') : refusalText(checked.refusal);
        setRefused(words);
        // The view that asked is told in English (its code reads it, not the person).
        return Promise.reject(new Error(checked.ok ? words : checked.reason));
      }
      setRefused(null);
      return new Promise<boolean>((resolve) => {
        const answer = (saved: boolean) => {
          if (answerNow.current !== answer) return;
          answerNow.current = null;
          setWaiting(null);
          resolve(saved);
        };
        answerNow.current = answer;
        setWaiting({ appId, files: checked.files, answer });
      });
    },
    /** The view is going: a waiting offer is answered "not saved". */
    dismiss(): void {
      answerNow.current?.(false);
    },
  };
}

/** Why an offer of files was refused, in the page's language. */
export function refusalText(refusal: ViewFileRefusal): string {
  switch (refusal.code) {
    case 'tooMany':
      return translate('apps.download.refused.tooMany', { count: refusal.count, max: refusal.max });
    case 'tooLarge':
      return translate('apps.download.refused.tooLarge', { max: refusal.maxMb });
    default:
      return translate(`apps.download.refused.${refusal.code}`);
  }
}
