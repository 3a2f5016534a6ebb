// The selected protocol frame: its JSON, or for a frame too large to keep whole, its start and "Show whole frame".
import { type ReactNode, useState } from 'react';
import type { CappedFrame, WireEntry } from '../../../../shared/types';
import { formatSize } from '../../components/format';
import { JsonEditor } from '../../components/JsonEditor';
import { useWhole } from '../../components/useWhole';

/** Pretty JSON when the text parses, else the text as it is. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Capped({ frame }: { frame: CappedFrame }): ReactNode {
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
        <JsonEditor value={whole} readOnly height="100%" ariaLabel="Whole frame" />
      </div>
    );
  }
  return (
    <>
      <p className="frame-note muted">
        This frame is about {formatSize(frame.size)}; the log keeps its first{' '}
        {formatSize(frame.preview.length)}. {!id ? 'It was too large for the host to keep whole.' : null}
      </p>
      <pre className="code-block">{`${frame.preview}…`}</pre>
      {id && !gone ? (
        <p className="frame-actions">
          <button type="button" disabled={pending} onClick={() => void show()}>
            {pending ? 'Fetching the frame…' : 'Show whole frame'}
          </button>
        </p>
      ) : null}
      {gone ? (
        <p className="muted" role="status">
          The whole frame is no longer kept: the host keeps only the most recent large frames.
        </p>
      ) : error ? (
        <p className="inline-error" role="alert">
          Could not fetch the frame: {error}
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
