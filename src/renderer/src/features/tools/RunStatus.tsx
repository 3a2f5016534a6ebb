// What a run by hand is doing: running with its progress, finished, failed in plain words, or cancelled.
import type { ReactNode } from 'react';
import type { ToolView } from '../../../../shared/types';
import { ContentView } from '../../components/ContentView';
import { ToolAppView } from '../apps/ToolAppView';
import type { RunProgress, RunState } from './useToolRun';

function ProgressLine({ progress }: { progress: RunProgress }): ReactNode {
  const { total } = progress;
  const known = total !== undefined && total > 0;
  const words =
    progress.message ?? (known ? `${progress.progress} of ${total}` : `Progress: ${progress.progress}`);
  return (
    <div className="run-tool-progress">
      {known ? (
        <progress aria-label="Progress" value={Math.min(progress.progress, total)} max={total} />
      ) : (
        <progress aria-label="Progress" />
      )}
      <span className="run-tool-progress-message">{words}</span>
    </div>
  );
}

/** The status line, the progress bar, the error or the result of `state` (in the tool's app view when it has one). */
export function RunStatus({
  state,
  server,
  tool,
}: {
  state: RunState;
  server: string;
  tool: ToolView;
}): ReactNode {
  return (
    <>
      <div className="run-tool-status" role="status">
        {state.kind === 'running' && (
          <span className="run-tool-running">
            <span className="spinner" aria-hidden="true" /> {state.cancelling ? 'Cancelling…' : 'Running…'}
          </span>
        )}
        {state.kind === 'done' &&
          (state.result.isError
            ? `Failed after ${state.ms} ms: the tool reported an error.`
            : `Finished in ${state.ms} ms.`)}
        {state.kind === 'cancelled' && 'Cancelled. The server was told to stop.'}
      </div>
      {state.kind === 'running' && state.progress && <ProgressLine progress={state.progress} />}
      {state.kind === 'failed' && (
        <div className="run-tool-error" role="alert">
          The call did not finish: {state.message}
        </div>
      )}
      {state.kind === 'done' && (
        <section className="run-tool-result" aria-label="Result">
          <h3>Result</h3>
          <ToolAppView
            server={server}
            tool={tool}
            args={state.args}
            result={state.result}
            fallback={<ContentView result={state.result} server={server} />}
          />
        </section>
      )}
    </>
  );
}
