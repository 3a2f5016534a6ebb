// The person's edit of a call's arguments: what the model asked for against what was sent, as a line diff.
import { type ReactNode, useId, useMemo } from 'react';
import type { Json } from '../../../../shared/types';
import { useT } from '../../i18n';
import { DiffLegend, LineDiffView } from './LineDiffView';
import { lineDiff } from './lineDiff';
import { argsText } from './requestText';

/** "You changed the arguments": the model's arguments (−) against the person's (+). */
export function ArgsEditTrace({
  before,
  after,
  viaView,
}: {
  before: Json;
  after: Json;
  /** The tool whose app view asked for the call (`show_counter`); absent when the model asked. */
  viaView?: string;
}): ReactNode {
  const t = useT();
  const titleId = useId();
  const rows = useMemo(() => lineDiff(argsText(before), argsText(after)), [before, after]);
  return (
    <section className="consent-section args-trace" aria-labelledby={titleId}>
      <h3 id={titleId} className="consent-section-title">
        {t('consent.trace.title')}
      </h3>
      <p className="muted consent-hint-text">
        {t('consent.trace.hint', { who: viaView === undefined ? 'model' : 'view', view: viaView ?? '' })}
      </p>
      <DiffLegend rows={rows} />
      <LineDiffView rows={rows} label={t('consent.trace.diffLabel')} />
    </section>
  );
}
