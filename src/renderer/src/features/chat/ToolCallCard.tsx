// One tool call in a reply: tool and server, arguments, status, decision, progress, result and error.
import { memo, type ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/chat';
import { ContentView } from '../../components/ContentView';
import { ChevronIcon, ToolIcon } from './icons';
import { TaskLine } from './TaskLine';
import './toolCard.css';
import { argumentsPreview, argumentsText, decisionText, progressView, statusText } from './toolCallText';

function Progress({ progress }: { progress: NonNullable<ToolCallView['progress']> }): ReactNode {
  const view = progressView(progress);
  return (
    <div className="tool-progress">
      <progress aria-label="Progress" value={view.value} max={view.max} aria-valuetext={view.label} />
      <span className="tool-progress-label">{view.label}</span>
    </div>
  );
}

/** A card with `role="group"` named `Tool call <tool>`. */
export const ToolCallCard = memo(function ToolCallCard({ call }: { call: ToolCallView }): ReactNode {
  const preview = argumentsPreview(call.args);
  const active = call.status === 'running' || call.status === 'waiting';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card in a conversation, not a form's fieldset
    <div role="group" aria-label={`Tool call ${call.tool}`} className={`tool-card tool-card-${call.status}`}>
      <div className="tool-card-head">
        <ToolIcon />
        <span className="tool-card-name">{call.tool}</span>
        {call.server ? <span className="tool-card-server">{call.server}</span> : null}
        <span className={`tool-status tool-status-${call.status}`}>
          {active ? <span className="tool-status-dot" aria-hidden="true" /> : null}
          {statusText(call.status)}
        </span>
      </div>
      {call.decision ? <p className="tool-card-decision">{decisionText(call.decision)}</p> : null}
      <details className="tool-args">
        <summary>
          <ChevronIcon />
          Arguments
          {preview ? <code className="tool-args-preview">{preview}</code> : null}
        </summary>
        <pre className="tool-args-json">{argumentsText(call.args)}</pre>
      </details>
      {call.progress && active ? <Progress progress={call.progress} /> : null}
      {call.task ? <TaskLine call={call} task={call.task} /> : null}
      {call.result ? (
        <div className="tool-result">
          <ContentView result={call.result} server={call.server} />
        </div>
      ) : null}
      {call.error ? <p className="tool-card-error">{call.error}</p> : null}
    </div>
  );
});
