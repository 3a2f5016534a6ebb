// The selected protocol frame: its JSON, or for a frame too large to keep whole, its start and "Show whole frame".
import { type ReactNode, useState } from 'react';
import type { CappedFrame, WireEntry } from '../../../../shared/types';
import { formatSize } from '../../components/format';
import { JsonEditor } from '../../components/JsonEditor';
import { useWhole } from '../../components/useWhole';
import { useT } from '../../i18n';

/** Pretty JSON when the text parses, else the text as it is. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Capped({ frame }: { frame: CappedFrame }): ReactNode {
  const t = useT();
  const { fetch, pending, gone, error } = useWhole();
  const [whole, setWhole] = useState<string | null>(null);
  const id = frame.id;
  const show = async () => {
    if (!id) return;
    const outcome = await fetch(id);
    if (outcome.ok) setWhole(pretty(outcome.value));
  };
  if (whole !== null) {
    return (
      <div className="frame-whole">
        <JsonEditor value={whole} readOnly height="100%" ariaLabel={t('logs.frame.whole')} />
      </div>
    );
  }
  return (
    <>
      <p className="frame-note muted">
        {t('logs.frame.capped', {
          size: formatSize(frame.size),
          kept: formatSize(frame.preview.length),
          keptWhole: id ? 'yes' : 'no',
        })}
      </p>
      <pre className="code-block">{`${frame.preview}…`}</pre>
      {id && !gone ? (
        <p className="frame-actions">
          <button type="button" disabled={pending} onClick={() => void show()}>
            {pending ? t('logs.frame.fetching') : t('logs.frame.show')}
          </button>
        </p>
      ) : null}
      {gone ? (
        <p className="muted" role="status">
          {t('logs.frame.gone')}
        </p>
      ) : error ? (
        <p className="inline-error" role="alert">
          {t('logs.frame.fetchFailed', { error })}
        </p>
      ) : null}
    </>
  );
}

/** The body of the detail pane for `entry`. */
export function FrameDetail({ entry }: { entry: WireEntry }): ReactNode {
  if (entry.capped) return <Capped key={entry.seq} frame={entry.capped} />;
  return <pre className="code-block">{JSON.stringify(entry.message, null, 2)}</pre>;
}
