// A manual run's result in the tool's app view (Tools tab), or as text when the tool has no view or apps are off.
import { type ReactNode, useState } from 'react';
import { showsView } from '../../../../shared/apps';
import type { Json, ToolCallResult, ToolView } from '../../../../shared/types';
import { useT } from '../../i18n';
import { useServer } from '../../store';
import { LazyAppView } from './LazyAppView';

export type ToolAppViewProps = {
  server: string;
  tool: ToolView;
  args: Record<string, Json>;
  result: ToolCallResult;
  /** What shows when there is no view. */
  fallback: ReactNode;
};

/** The view of a run outside any conversation: it cannot suggest messages or context, and says so when it tries. */
export function ToolAppView({ server, tool, args, result, fallback }: ToolAppViewProps): ReactNode {
  const t = useT();
  const view = useServer(server);
  const [unsent, setUnsent] = useState<string | null>(null);
  if (!showsView(view, tool)) return fallback;
  return (
    <>
      <LazyAppView
        server={server}
        tool={tool}
        args={args}
        call={{ status: 'done', result }}
        textResult={fallback}
        onUnsentMessage={setUnsent}
      />
      {unsent !== null ? (
        <p className="muted hint" role="status">
          {t('apps.unsentMessage', { text: unsent.length > 200 ? `${unsent.slice(0, 200)}…` : unsent })}
        </p>
      ) : null}
    </>
  );
}
