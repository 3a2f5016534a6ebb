// Untrusted text of any size as plain text: the start in a <pre>, and on request the whole in a read-only editor.
import { type ReactNode, useMemo, useState } from 'react';
import { JsonEditor } from './JsonEditor';
import { formatChars, PREVIEW_CHARS, previewOf } from './largeText';
import './components.css';

/**
 * Shows `text`; past `limit` characters only its start, with "Show all" opening the whole in a read-only
 * editor (which draws only the lines in view). `label` names the text for assistive technology.
 */
export function LargeText({
  text,
  label,
  language = 'plaintext',
  limit = PREVIEW_CHARS,
}: {
  text: string;
  label: string;
  language?: 'plaintext' | 'json';
  limit?: number;
}): ReactNode {
  const preview = useMemo(() => previewOf(text, limit), [text, limit]);
  const [whole, setWhole] = useState(false);
  if (!preview.partial) return <pre className="content-text">{text}</pre>;
  if (whole) {
    return (
      <div className="large-text">
        <p className="content-note">
          All {formatChars(preview.total)}.{' '}
          <button type="button" className="small" onClick={() => setWhole(false)}>
            Show less
          </button>
        </p>
        <div className="large-text-whole">
          <JsonEditor value={text} readOnly language={language} height="100%" ariaLabel={`Whole ${label}`} />
        </div>
      </div>
    );
  }
  return (
    <div className="large-text">
      <p className="content-note">
        Showing the first {formatChars(preview.text.length)} of {formatChars(preview.total)}.{' '}
        <button
          type="button"
          className="small"
          aria-label={`Show all of the ${label}`}
          onClick={() => setWhole(true)}
        >
          Show all
        </button>
      </p>
      <pre className="content-text">{preview.text}</pre>
    </div>
  );
}
