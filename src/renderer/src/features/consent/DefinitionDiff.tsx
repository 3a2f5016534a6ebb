// "What changed": the tool's definition before → after as a line diff, marked by sign and words, not colour alone.
import { type ReactNode, useId, useMemo } from 'react';
import type { DefinitionChange } from '../../../../shared/chat';
import { useT } from '../../i18n';
import { DiffLegend, LineDiffView } from './LineDiffView';
import { lineDiff } from './lineDiff';
import { SCOPE_KEY } from './scopeKey';

/** The suspended-grant notice and the diff; long unchanged stretches are folded. */
export function DefinitionDiff({ change }: { change: DefinitionChange }): ReactNode {
  const t = useT();
  const titleId = useId();
  const rows = useMemo(() => lineDiff(change.before, change.after), [change]);
  return (
    <section className="consent-section consent-changed" aria-labelledby={titleId}>
      <h3 id={titleId} className="consent-section-title">
        {t('consent.changed.title')}
      </h3>
      <p className="notice consent-changed-notice">
        {t('consent.changed.notice', { scope: SCOPE_KEY[change.scope ?? 'always'] })}
      </p>
      <DiffLegend rows={rows} />
      <LineDiffView rows={rows} label={t('consent.changed.diffLabel')} />
    </section>
  );
}
