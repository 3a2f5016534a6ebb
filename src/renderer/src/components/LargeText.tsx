// Untrusted text of any size as plain text: the start in a <pre>, and on request the whole in a read-only editor.
import { type ReactNode, useMemo, useState } from 'react';
import type { Truncated } from '../../../shared/payloads';
import { useT } from '../i18n';
import { JsonEditor } from './JsonEditor';
import { formatChars, PREVIEW_CHARS, previewOf } from './largeText';
import { useWhole } from './useWhole';
import './components.css';

/**
 * Shows `text`; past `limit` characters only its start, with "Show all" opening the whole in a read-only
 * editor (which draws only the lines in view). With `truncated`, `text` is itself only the start the host
 * sent, and "Show all" fetches the whole first. `label` names the text for assistive technology.
 */
export function LargeText({
  text,
  label,
  language = 'plaintext',
  limit = PREVIEW_CHARS,
  truncated,
}: {
  text: string;
  label: string;
  language?: 'plaintext' | 'json';
  limit?: number;
  truncated?: Truncated;
}): ReactNode {
  const t = useT();
  const preview = useMemo(() => previewOf(text, limit), [text, limit]);
  const [whole, setWhole] = useState<string | null>(null);
  const fetching = useWhole();
  const total = truncated?.length ?? preview.total;
  if (!preview.partial && !truncated) return <pre className="content-text">{text}</pre>;
  if (whole !== null) {
    return (
      <div className="large-text">
        <p className="content-note">
          {t('common.largeText.all', { size: formatChars(total) })}{' '}
          <button type="button" className="small" onClick={() => setWhole(null)}>
            {t('common.largeText.showLess')}
          </button>
        </p>
        <div className="large-text-whole">
          <JsonEditor
            value={whole}
            readOnly
            language={language}
            height="100%"
            ariaLabel={t('common.largeText.whole', { label })}
          />
        </div>
      </div>
    );
  }
  const id = truncated?.id;
  const showAll = async (): Promise<void> => {
    if (!truncated) return setWhole(text);
    if (!id) return;
    const outcome = await fetching.fetch(id);
    if (outcome.ok) setWhole(outcome.value);
  };
  const canShowAll = truncated ? id !== undefined && !fetching.gone : true;
  return (
    <div className="large-text">
      <p className="content-note">
        {t('common.largeText.showing', {
          shown: formatChars(preview.text.length),
          total: formatChars(total),
        })}{' '}
        {canShowAll && (
          <button
            type="button"
            className="small"
            aria-label={t('common.largeText.showAllOf', { label })}
            disabled={fetching.pending}
            onClick={() => void showAll()}
          >
            {fetching.pending ? t('common.fetching') : t('common.largeText.showAll')}
          </button>
        )}
      </p>
      {truncated && !id && <p className="content-note">{t('common.largeText.restTooLarge')}</p>}
      {fetching.gone && (
        <p className="content-note" role="status">
          {t('common.largeText.gone')}
        </p>
      )}
      {fetching.error && (
        <p className="content-problem" role="alert">
          {t('common.largeText.fetchFailed', { error: fetching.error })}
        </p>
      )}
      <pre className="content-text">{preview.text}</pre>
    </div>
  );
}
