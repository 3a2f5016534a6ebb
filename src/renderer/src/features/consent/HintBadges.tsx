// The tool's behaviour hints as badges, worded as the server's claims with the spec's defaults shown.
import { type ReactNode, useId } from 'react';
import type { ToolAnnotations } from '../../../../shared/types';
import { Message, useLanguage } from '../../i18n';
import { effectiveHints } from './hints';

const muted = (chunks: ReactNode[]) => <span className="muted">{chunks}</span>;

/** Four badges (two for a read-only tool); the heading says they are claims, not facts. */
export function HintBadges({ annotations }: { annotations: ToolAnnotations | undefined }): ReactNode {
  // The hints' words come from the current language: re-render when it changes.
  useLanguage();
  const titleId = useId();
  const hints = effectiveHints(annotations);
  return (
    <section className="consent-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="consent-section-title">
        <Message id="consent.hint.title" values={{ muted }} />
      </h3>
      <ul className="consent-hints">
        {hints.map((hint) => {
          const hintClass = `consent-hint consent-hint-${hint.tone}${hint.declared ? '' : ' consent-hint-default'}`;
          return (
            <li key={hint.key} className={hintClass} title={hint.meaning}>
              {hint.tone === 'danger' ? (
                <span aria-hidden="true" className="consent-hint-mark">
                  !
                </span>
              ) : null}
              {hint.label}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
