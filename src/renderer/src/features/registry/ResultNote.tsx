// What bringing a server in did, in plain words: added and waiting for approval, renamed, or skipped, with any notes.
import type { BringInResult } from '../../../../shared/registry';

/** The outcome of an install, bundle or link, shown where the person pressed the button. */
export function ResultNote({ result }: { result: BringInResult }) {
  return (
    <div className="bring-in-result" role="status">
      {result.added.length > 0 ? (
        <p>
          Added {result.added.map((name) => `"${name}"`).join(', ')}. It does not start until you approve it.
        </p>
      ) : (
        <p>
          Nothing was added{result.skipped.length > 0 ? `: ${result.skipped.join(', ')} already exists` : ''}.
        </p>
      )}
      {result.notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
    </div>
  );
}
