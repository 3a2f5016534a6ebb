// What a run by hand is doing: running with its progress, finished, failed in plain words, or cancelled.
import type { ReactNode } from 'react';
import type { ToolView } from '../../../../shared/types';
import { ContentView } from '../../components/ContentView';
import { useT } from '../../i18n';
import { ToolAppView } from '../apps/ToolAppView';
import type { RunProgress, RunState } from './useToolRun';

function ProgressLine({ progress }: { progress: RunProgress }): ReactNode {
  const t = useT();
  const { total } = progress;
  const known = total !== undefined && total > 0;
  const words =
    progress.message ??
    (known
      ? t('tools.run.progressOf', { progress: progress.progress, total })
      : t('tools.run.progressOnly', { progress: progress.progress }));
  return (
    <div className="run-tool-progress">
      {known ? (
        <progress
          aria-label={t('tools.run.progress')}
          value={Math.min(progress.progress, total)}
          max={total}
        />
      ) : (
        <progress aria-label={t('tools.run.progress')} />
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
  const t = useT();
  return (
    <>
      <div className="run-tool-status" role="status">
        {state.kind === 'running' && (
          <span className="run-tool-running">
            <span className="spinner" aria-hidden="true" />{' '}
            {state.cancelling ? t('tools.run.cancelling') : t('tools.run.running')}
          </span>
        )}
        {state.kind === 'done' &&
          (state.result.isError
            ? t('tools.run.failedAfter', { ms: state.ms })
            : t('tools.run.finishedIn', { ms: state.ms }))}
        {state.kind === 'cancelled' && t('tools.run.cancelled')}
      </div>
      {state.kind === 'running' && state.progress && <ProgressLine progress={state.progress} />}
      {state.kind === 'failed' && (
        <div className="run-tool-error" role="alert">
          {t('tools.run.didNotFinish', { message: state.message })}
        </div>
      )}
      {state.kind === 'done' && (
        <section className="run-tool-result" aria-label={t('tools.run.result')}>
          <h3>{t('tools.run.result')}</h3>
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
