// The person's edit of a call's arguments: what the model asked for against what was sent, as a line diff.
import { type ReactNode, useId, useMemo } from 'react';
import type { Json } from '../../../../shared/types';
import { DiffLegend, LineDiffView } from './LineDiffView';
import { lineDiff } from './lineDiff';
import { argsText } from './requestText';

/** "You changed the arguments": the model's arguments (−) against the person's (+). */
export function ArgsEditTrace({
  before,
  after,
  who = 'the model',
}: {
  before: Json;
  after: Json;
  /** Who asked for the call, e.g. `the model` or `the view of show_counter`. */
  who?: string;
}): ReactNode {
  const titleId = useId();
  const rows = useMemo(() => lineDiff(argsText(before), argsText(after)), [before, after]);
  return (
    <section className="consent-section args-trace" aria-labelledby={titleId}>
      <h3 id={titleId} className="consent-section-title">
        Arguments changed by you
      </h3>
      <p className="muted consent-hint-text">
        Lines with − are what {who} asked for; lines with + are what you sent instead.
      </p>
      <DiffLegend rows={rows} />
      <LineDiffView rows={rows} label="The arguments asked for and sent" />
    </section>
  );
}
