// The banner shown while config.json cannot be used: where, what exactly, and what the app does meanwhile.
import type { ConfigProblem as Problem } from '../../../../shared/types';
import { actions, useConfig, useServerCount } from '../../store';
import './settings.css';

/** Where in the file the problem is, as `line 3, column 14 · field mcpServers.x.command`. */
export function problemLocation(problem: Problem): string | null {
  const parts: string[] = [];
  if (problem.line !== undefined) {
    parts.push(
      problem.column !== undefined ? `line ${problem.line}:${problem.column}` : `line ${problem.line}`,
    );
  }
  if (problem.field) parts.push(`field ${problem.field}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The problem without the field it names first (`url uses plain http …`), for where space is short. */
export function problemReason(problem: Problem): string {
  const prefix = problem.field ? `${problem.field}: ` : '';
  return prefix && problem.message.startsWith(prefix)
    ? problem.message.slice(prefix.length)
    : problem.message;
}

/** A visible alert while `ConfigView.problem` is set, with a button to fix the file in place. */
export function ConfigProblem() {
  const config = useConfig();
  const running = useServerCount() > 0;
  const problem = config?.problem;
  if (!config || !problem) return null;
  const where = problemLocation(problem);
  return (
    <div className="config-problem" role="alert">
      <div className="config-problem-text">
        <strong>The config file cannot be used.</strong> <code className="selectable">{config.path}</code>
        <p className="problem-message">
          {problem.message}
          {where ? <span className="problem-where"> ({where})</span> : null}
        </p>
        <p>
          {running
            ? 'Switchboard keeps running the servers it had before,'
            : 'No server was started from it,'}{' '}
          and it will not overwrite this file until a valid one is saved.
        </p>
      </div>
      <button
        type="button"
        onClick={() =>
          actions.dialogOpened({ kind: 'configFile', line: problem.line, column: problem.column })
        }
      >
        Edit config file
      </button>
    </div>
  );
}
