// "What changed": the tool's definition before → after as a line diff, marked by sign and words, not colour alone.
import { type ReactNode, useId, useMemo } from 'react';
import type { DefinitionChange, GrantScope } from '../../../../shared/chat';
import { DiffLegend, LineDiffView } from './LineDiffView';
import { lineDiff } from './lineDiff';

const GIVEN: Record<GrantScope, string> = {
  always: 'You chose “Always allow” for this tool before',
  conversation: 'You allowed this tool for this conversation before',
  'server-conversation': 'You allowed this server’s tools for this conversation before',
  'read-only': 'You chose to run this server’s read-only tools without asking',
  'app-only': 'You let this server’s views call its view-only tools without asking',
  view: 'You allowed this view’s calls to this tool',
  sandboxed: 'You chose to run this server’s tools without asking while it is sandboxed with no network',
};

/** The suspended-grant notice and the diff; long unchanged stretches are folded. */
export function DefinitionDiff({ change }: { change: DefinitionChange }): ReactNode {
  const titleId = useId();
  const rows = useMemo(() => lineDiff(change.before, change.after), [change]);
  return (
    <section className="consent-section consent-changed" aria-labelledby={titleId}>
      <h3 id={titleId} className="consent-section-title">
        What changed
      </h3>
      <p className="notice consent-changed-notice">
        {GIVEN[change.scope ?? 'always']}, but the server has changed the tool’s definition since, so that
        permission is suspended. Check the change below before you allow it again.
      </p>
      <DiffLegend rows={rows} />
      <LineDiffView rows={rows} label="The tool’s definition, before and after" />
    </section>
  );
}
