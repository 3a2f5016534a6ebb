// For a waiting call that writes a file: the file there now against the new content, as the host read it in the shared folders.
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import type { ConsentRequest } from '../../../../shared/chat';
import type { WritePreview } from '../../../../shared/consent';
import type { Json } from '../../../../shared/types';
import { writeOf } from '../../../../shared/writeTarget';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { useLanguage, useT } from '../../i18n';
import { ShareArgumentFolder } from '../roots/ShareArgumentFolder';
import { DiffLegend, LineDiffView } from './LineDiffView';
import { writeSummary } from './writeSummary';

/** How long an edit rests before the current file is read again. */
const SETTLE_MS = 250;

function headlineClass(tone: string): string {
  return `write-headline write-${tone}`;
}

type Loaded = { key: string; preview: WritePreview } | { key: string; error: string };

/** The preview for `request` with `args` (the person's edit, or the model's); nothing for a call that writes no file. */
export function WritePreviewView({ request, args }: { request: ConsentRequest; args: Json }): ReactNode {
  const t = useT();
  const { locale } = useLanguage();
  const host = useHost();
  const titleId = useId();
  const target = useMemo(() => writeOf(request.tool, args), [request.tool, args]);
  // Sharing a folder from the offer below reads the file again.
  const [shares, setShares] = useState(0);
  const key = target ? `${request.id}\u0000${shares}\u0000${JSON.stringify(args)}` : '';
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!key) return;
    let current = true;
    const timer = setTimeout(() => {
      host.invoke('consent.writePreview', { id: request.id, args }).then(
        (preview) => current && setLoaded({ key, preview }),
        (error: unknown) => current && setLoaded({ key, error: describeError(error) }),
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [host, request.id, key, args]);

  const fresh = loaded?.key === key ? loaded : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the summary's words follow the page's language
  const summary = useMemo(
    () => (fresh && 'preview' in fresh && target ? writeSummary(fresh.preview, target.content) : undefined),
    [fresh, target, locale],
  );
  if (!target) return null;
  if (fresh && 'preview' in fresh && fresh.preview.kind === 'none') return null;
  return (
    <section className="consent-section write-preview" aria-labelledby={titleId}>
      <h3 id={titleId} className="consent-section-title">
        {t('consent.write.title')}
      </h3>
      {!fresh ? (
        <p className="muted consent-hint-text" role="status">
          {t('consent.write.reading')}
        </p>
      ) : 'error' in fresh ? (
        <p className="consent-problems">{t('consent.write.readFailed', { error: fresh.error })}</p>
      ) : summary ? (
        <>
          <p className={headlineClass(summary.tone)}>{summary.headline}</p>
          {summary.rows && summary.tone === 'change' ? (
            <>
              <DiffLegend rows={summary.rows} />
              <LineDiffView rows={summary.rows} label={t('consent.write.diffLabel')} />
            </>
          ) : null}
          {fresh.preview.kind === 'unavailable' && fresh.preview.offer ? (
            <ShareArgumentFolder
              server={request.server}
              folders={fresh.preview.offer}
              onShared={() => setShares((count) => count + 1)}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
