// Flow-aware consent on a card: the host's labels as badges, why a call is held, and what is odd about the tool's description.
import { type ReactNode, useId } from 'react';
import type { ConsentRequest } from '../../../../shared/chat';
import {
  clockTime,
  type DescriptionFlag,
  descriptionFlags,
  FLAG_NAMES,
  FLOW_LABELS,
  type FlowHold,
  holdText,
  LABEL_NAMES,
  type LabelSource,
  type ToolLabels,
} from '../../../../shared/flow';

const SOURCE_WORDS: Record<LabelSource, string> = {
  annotation: 'the server’s own annotation',
  server: 'what the server is',
  'built-in': 'Switchboard’s list of known servers',
  name: 'the tool’s name',
  person: 'you',
  default: 'no reason to set it',
};

/** The labels that are on, each with where it came from in its tooltip; "none" when no label is on. */
export function FlowBadges({ labels }: { labels: ToolLabels }): ReactNode {
  const titleId = useId();
  const shown = FLOW_LABELS.filter((label) => labels[label].on);
  return (
    <section className="consent-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="consent-section-title">
        What Switchboard knows it can do
      </h3>
      {shown.length === 0 ? (
        <p className="muted consent-hint-text">
          None of: {FLOW_LABELS.map((label) => LABEL_NAMES[label]).join(', ')}.
        </p>
      ) : (
        <ul className="consent-hints" aria-label="Flow labels">
          {shown.map((label) => (
            <li
              key={label}
              className="consent-hint consent-hint-caution"
              title={`Set by ${SOURCE_WORDS[labels[label].source]}: ${labels[label].why}.`}
            >
              {LABEL_NAMES[label]}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const GRANT_WORDS: Record<NonNullable<FlowHold['grant']>, string> = {
  always: 'Your “Always allow”',
  conversation: 'Your permission for this conversation',
  'server-conversation': 'Your permission for this server’s tools in this conversation',
  'read-only': 'Your trust in this server’s read-only tools',
  'app-only': 'Your trust in this server’s view-only tools',
  view: 'Your permission for this view’s calls',
  sandboxed: 'Your permission for this server’s tools while it is sandboxed with no network',
};

/** Why the call is held, and that only this call can be allowed from here. */
export function HoldWarning({ hold }: { hold: FlowHold }): ReactNode {
  return (
    <div className="consent-problems consent-hold" role="note" aria-label="Why this call is held">
      <p>
        <strong>Held for you.</strong> {holdText(hold, clockTime)}
      </p>
      <p className="muted consent-hint-text">
        {hold.grant ? `${GRANT_WORDS[hold.grant]} would have run it; it does not cover this call now. ` : ''}
        You can allow this one call or deny it.
      </p>
    </div>
  );
}

/** The flags a request's description earns: a change since it was allowed, and what it says. */
export function requestFlags(request: ConsentRequest): DescriptionFlag[] {
  const flags = request.flags ?? descriptionFlags(request.tool.description);
  return request.changed ? ['changed', ...flags.filter((flag) => flag !== 'changed')] : flags;
}

/** The description's flags as warnings; nothing when there are none. */
export function DescriptionFlags({ flags }: { flags: readonly DescriptionFlag[] }): ReactNode {
  if (flags.length === 0) return null;
  return (
    <ul className="consent-hints" aria-label="About the description">
      {flags.map((flag) => (
        <li key={flag} className="consent-hint consent-hint-danger">
          <span aria-hidden="true" className="consent-hint-mark">
            !
          </span>
          {FLAG_NAMES[flag]}
        </li>
      ))}
    </ul>
  );
}
