// One tool call in a reply: tool and server, arguments, status, decision, progress, its app view, result and error.
import { memo, type ReactNode } from 'react';
import { showsView } from '../../../../shared/apps';
import type { ToolCallView } from '../../../../shared/chat';
import { ContentView } from '../../components/ContentView';
import { hostWords } from '../../components/format';
import { useT } from '../../i18n';
import { useServer } from '../../store';
import { LazyAppView } from '../apps/LazyAppView';
import type { ViewCall } from '../apps/useAppView';
import { ArgsEditTrace } from '../consent/ArgsEditTrace';
import { ArgumentsView } from '../consent/ArgumentsView';
import { InlineDecision } from '../consent/InlineDecision';
import { ChevronIcon, ToolIcon } from './icons';
import { KeptResultNote } from './KeptResultNote';
import { HeldNote, ResultReview } from './ResultReview';
import { TaskLine } from './TaskLine';
import './toolCard.css';
import {
  argumentsPreview,
  decisionText,
  progressView,
  shownStatus,
  statusText,
  type Translate,
} from './toolCallText';

function Progress({ progress }: { progress: NonNullable<ToolCallView['progress']> }): ReactNode {
  const t = useT();
  const view = progressView(progress, t);
  return (
    <div className="tool-progress">
      <progress
        aria-label={t('chatTools.card.progress')}
        value={view.value}
        max={view.max}
        aria-valuetext={view.label}
      />
      <span className="tool-progress-label">{view.label}</span>
    </div>
  );
}

/** Where the call stands for its view; undefined while it waits for the person, or when it never ran. */
function viewCall(call: ToolCallView, t: Translate): ViewCall | undefined {
  if (call.early && call.status === 'waiting' && !call.decision) return { status: 'writing' };
  if (!call.decision || call.decision === 'denied') return undefined;
  if (call.status === 'running') return { status: 'running' };
  if (call.status === 'done' && call.result) return { status: 'done', result: call.result };
  if (call.status === 'failed')
    return {
      status: 'failed',
      error: call.error ? hostWords(call.error, call.errorText) : t('chatTools.card.failed'),
    };
  if (call.status === 'cancelled') return { status: 'cancelled' };
  return undefined;
}

/** A card with `role="group"` named `Tool call <tool>`; a tool with a view shows it once the call was allowed. */
export const ToolCallCard = memo(function ToolCallCard({
  call,
  conversationId,
}: {
  call: ToolCallView;
  conversationId?: string;
}): ReactNode {
  const t = useT();
  const preview = argumentsPreview(call.args);
  const active = call.status === 'running' || call.status === 'waiting';
  const server = useServer(call.server || null);
  const tool = server?.tools.find((candidate) => candidate.name === call.tool);
  const forView = viewCall(call, t);
  const result = call.result ? <ContentView result={call.result} server={call.server} /> : null;
  const status = shownStatus(call);
  const argumentsDetails = (
    <details className="tool-args">
      <summary>
        <ChevronIcon />
        {t('chatTools.card.arguments')}
        {preview ? <code className="tool-args-preview">{preview}</code> : null}
      </summary>
      <div className="tool-args-body">
        <ArgumentsView args={call.args} />
      </div>
    </details>
  );
  const deciding = call.status === 'waiting' && conversationId !== undefined;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card in a conversation, not a form's fieldset
    <div
      role="group"
      aria-label={t('chatTools.card.label', { tool: call.tool })}
      // i18n-ignore: class names
      className={`tool-card tool-card-${status}`}
    >
      <div className="tool-card-head">
        <ToolIcon />
        <span className="tool-card-name">{call.tool}</span>
        {call.server ? (
          <span className="tool-card-server">{t('chatTools.card.onServer', { server: call.server })}</span>
        ) : null}
        {/* i18n-ignore: class names */}
        <span className={`tool-status tool-status-${status}`}>
          {active ? <span className="tool-status-dot" aria-hidden="true" /> : null}
          {forView?.status === 'writing' ? t('chatTools.card.beingWritten') : statusText(status, t)}
        </span>
      </div>
      {/* A denied call's status says it already. */}
      {call.decision && call.decision !== 'denied' ? (
        <p className="tool-card-decision">{decisionText(call.decision, call.grant, t)}</p>
      ) : null}
      <HeldNote call={call} />
      {deciding ? (
        <InlineDecision call={call} conversationId={conversationId} fallback={argumentsDetails} />
      ) : (
        argumentsDetails
      )}
      {call.modelArgs !== undefined ? <ArgsEditTrace before={call.modelArgs} after={call.args} /> : null}
      {call.progress && active ? <Progress progress={call.progress} /> : null}
      {call.task ? <TaskLine call={call} task={call.task} /> : null}
      {tool && forView && showsView(server, tool) ? (
        <LazyAppView
          server={call.server}
          tool={tool}
          args={call.args}
          call={forView}
          conversationId={conversationId}
          callId={call.id}
          textResult={result}
        />
      ) : result ? (
        <div className="tool-result">{result}</div>
      ) : null}
      {call.kept ? <KeptResultNote kept={call.kept} /> : null}
      <ResultReview call={call} conversationId={conversationId} />
      {call.error ? <p className="tool-card-error">{hostWords(call.error, call.errorText)}</p> : null}
    </div>
  );
});
