// Flow-aware consent on a card: the host's labels as badges, why a call is held, and what is odd about the tool's description.
import { type ReactNode, useId } from 'react';
import type { ConsentRequest } from '../../../../shared/chat';
import {
  type DescriptionFlag,
  descriptionFlags,
  FLOW_LABELS,
  type FlowHold,
  type LabelSource,
  type ToolLabels,
} from '../../../../shared/flow';
import { Message, useFormat, useT } from '../../i18n';
import { flagName, holdText, nameList as joinNames, labelName, type Translate } from './flowWords';
import { SCOPE_KEY } from './scopeKey';

/** Where a label came from, as the `source` select of its tooltip names it. */
const SOURCES: Record<LabelSource, string> = {
  annotation: 'annotation',
  server: 'server',
  'built-in': 'builtIn',
  name: 'name',
  person: 'person',
  default: 'default',
};

/** Names in a plain list: `a, b, c` / `a、b、c`. */
export function nameList(t: Translate, names: readonly string[]): string {
  return joinNames(names, t);
}

/** The labels that are on, each with where it came from in its tooltip; "none" when no label is on. */
export function FlowBadges({ labels }: { labels: ToolLabels }): ReactNode {
  const t = useT();
  const titleId = useId();
  const shown = FLOW_LABELS.filter((label) => labels[label].on);
  return (
    <section className="consent-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="consent-section-title">
        {t('consent.flow.title')}
      </h3>
      {shown.length === 0 ? (
        <p className="muted consent-hint-text">
          {t('consent.flow.none', {
            labels: nameList(
              t,
              FLOW_LABELS.map((label) => labelName(label, t)),
            ),
          })}
        </p>
      ) : (
        <ul className="consent-hints" aria-label={t('consent.flow.labels')}>
          {shown.map((label) => (
            <li
              key={label}
              className="consent-hint consent-hint-caution"
              title={t('consent.flow.setBy', {
                source: SOURCES[labels[label].source],
                why: labels[label].why,
              })}
            >
              {labelName(label, t)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Why the call is held, and that only this call can be allowed from here. */
export function HoldWarning({ hold }: { hold: FlowHold }): ReactNode {
  const t = useT();
  const f = useFormat();
  return (
    <div className="consent-problems consent-hold" role="note" aria-label={t('consent.hold.label')}>
      <p>
        <Message
          id="consent.hold.reason"
          values={{
            reason: holdText(hold, f.shortClock, t),
            strong: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
          }}
        />
      </p>
      <p className="muted consent-hint-text">
        {hold.grant ? t('consent.hold.grant', { grant: SCOPE_KEY[hold.grant] }) : t('consent.hold.onlyThis')}
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
  const t = useT();
  if (flags.length === 0) return null;
  return (
    <ul className="consent-hints" aria-label={t('consent.flag.label')}>
      {flags.map((flag) => (
        <li key={flag} className="consent-hint consent-hint-danger">
          <span aria-hidden="true" className="consent-hint-mark">
            !
          </span>
          {flagName(flag, t)}
        </li>
      ))}
    </ul>
  );
}
