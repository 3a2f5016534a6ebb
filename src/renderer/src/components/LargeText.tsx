// Untrusted text of any size as plain text: the start in a <pre>, and on request the whole in a read-only editor.
import { type ReactNode, useMemo, useState } from 'react';
import type { Truncated } from '../../../shared/payloads';
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
  const preview = useMemo(() => previewOf(text, limit), [text, limit]);
  const [whole, setWhole] = useState<string | null>(null);
  const fetching = useWhole();
  const total = truncated?.length ?? preview.total;
  if (!preview.partial && !truncated) return <pre className="content-text">{text}</pre>;
  if (whole !== null) {
    return (
      <div className="large-text">
        <p className="content-note">
          All {formatChars(total)}.{' '}
          <button type="button" className="small" onClick={() => setWhole(null)}>
            Show less
          </button>
        </p>
        <div className="large-text-whole">
          <JsonEditor value={whole} readOnly language={language} height="100%" ariaLabel={`Whole ${label}`} />
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
        Showing the first {formatChars(preview.text.length)} of {formatChars(total)}.{' '}
        {canShowAll && (
          <button
            type="button"
            className="small"
            aria-label={`Show all of the ${label}`}
            disabled={fetching.pending}
            onClick={() => void showAll()}
          >
            {fetching.pending ? 'Fetching…' : 'Show all'}
          </button>
        )}
      </p>
      {truncated && !id && <p className="content-note">The rest was too large for the host to keep.</p>}
      {fetching.gone && (
        <p className="content-note" role="status">
          The whole is no longer kept: the host keeps the most recent large results for ten minutes. Run the
          tool again to see it.
        </p>
      )}
      {fetching.error && (
        <p className="content-problem" role="alert">
          Could not fetch the rest: {fetching.error}
        </p>
      )}
      <pre className="content-text">{preview.text}</pre>
    </div>
  );
}
