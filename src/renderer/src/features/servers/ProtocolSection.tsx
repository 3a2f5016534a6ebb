// The Overview's Protocol section: the protocol version the server and Switchboard agreed on, and how.
import type { ReactNode } from 'react';
import type { ServerView } from '../../../../shared/types';

/** How the version was agreed, in words: the handshake each protocol generation uses. */
function handshake(era: ServerView['era']): string | undefined {
  if (era === 'modern') return 'found with server/discover';
  if (era === 'legacy') return 'agreed in the initialize handshake';
  return undefined;
}

/** A section headed "Protocol". */
export function ProtocolSection({ view }: { view: ServerView }): ReactNode {
  const how = handshake(view.era);
  return (
    <section>
      <h2>Protocol</h2>
      {view.protocolVersion ? (
        <dl className="fields">
          <dt>Version</dt>
          <dd>
            <code>{view.protocolVersion}</code>
            {how ? <span className="muted"> ({how})</span> : null}
          </dd>
        </dl>
      ) : (
        <p className="muted">Not known until the server is running.</p>
      )}
    </section>
  );
}
