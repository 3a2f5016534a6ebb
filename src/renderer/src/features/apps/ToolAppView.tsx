// A manual run's result in the tool's app view (Tools tab), or as text when the tool has no view or apps are off.
import type { ReactNode } from 'react';
import { showsView } from '../../../../shared/apps';
import type { Json, ToolCallResult, ToolView } from '../../../../shared/types';
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

/** The view of a run outside any conversation: it cannot suggest messages or context. */
export function ToolAppView({ server, tool, args, result, fallback }: ToolAppViewProps): ReactNode {
  const view = useServer(server);
  if (!showsView(view, tool)) return fallback;
  return (
    <LazyAppView
      server={server}
      tool={tool}
      args={args}
      call={{ status: 'done', result }}
      textResult={fallback}
    />
  );
}
