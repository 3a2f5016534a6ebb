// The banner shown while config.json cannot be used: where, what exactly, and what the app does meanwhile.
import type { ConfigProblem as Problem } from '../../../../shared/types';
import { translate, useT } from '../../i18n';
import { actions, useConfig, useServerCount } from '../../store';
import { problemMessage } from './schemaProblems';
import './settings.css';

/** Where in the file the problem is, as `line 3, column 14 · field mcpServers.x.command`. */
export function problemLocation(problem: Problem): string | null {
  const parts: string[] = [];
  if (problem.line !== undefined) {
    // As strings: a line number is shown as the editor counts it, without grouping.
    const line = String(problem.line);
    parts.push(
      problem.column !== undefined
        ? translate('serverEditor.location.lineColumn', { line, column: String(problem.column) })
        : translate('serverEditor.location.line', { line }),
    );
  }
  if (problem.field) parts.push(translate('serverEditor.location.field', { field: problem.field }));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** A visible alert while `ConfigView.problem` is set, with a button to fix the file in place. */
export function ConfigProblem() {
  const t = useT();
  const config = useConfig();
  const running = useServerCount() > 0;
  const problem = config?.problem;
  if (!config || !problem) return null;
  const where = problemLocation(problem);
  return (
    <div className="config-problem" role="alert">
      <div className="config-problem-text">
        <strong>{t('serverEditor.configProblem.title')}</strong>{' '}
        <code className="selectable">{config.path}</code>
        <p className="problem-message">
          {problemMessage(problem)}
          {where ? (
            <span className="problem-where"> {t('serverEditor.configProblem.where', { where })}</span>
          ) : null}
        </p>
        <p>
          {running
            ? t('serverEditor.configProblem.keepsRunning')
            : t('serverEditor.configProblem.noneStarted')}
        </p>
      </div>
      <button
        type="button"
        onClick={() =>
          actions.dialogOpened({ kind: 'configFile', line: problem.line, column: problem.column })
        }
      >
        {t('serverEditor.config.title')}
      </button>
    </div>
  );
}
