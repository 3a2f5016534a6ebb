// The tool's behaviour hints as badges, worded as the server's claims with the spec's defaults shown.
import { type ReactNode, useId } from 'react';
import type { ToolAnnotations } from '../../../../shared/types';
import { effectiveHints } from './hints';

/** Four badges (two for a read-only tool); the heading says they are claims, not facts. */
export function HintBadges({ annotations }: { annotations: ToolAnnotations | undefined }): ReactNode {
  const titleId = useId();
  const hints = effectiveHints(annotations);
  return (
    <section className="consent-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="consent-section-title">
        Behaviour claimed by the server <span className="muted">(not verified)</span>
      </h3>
      <ul className="consent-hints">
        {hints.map((hint) => (
          <li
            key={hint.key}
            className={`consent-hint consent-hint-${hint.tone}${hint.declared ? '' : ' consent-hint-default'}`}
            title={hint.meaning}
          >
            {hint.tone === 'danger' ? (
              <span aria-hidden="true" className="consent-hint-mark">
                !
              </span>
            ) : null}
            {hint.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
