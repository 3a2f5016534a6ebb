// Tools in a sampling request: the server's own tools the model may ask for, and the tool uses and results in the messages.
import type { ReactNode } from 'react';
import type { SamplingRequest, SamplingToolResult, SamplingToolUse } from '../../../../shared/requests';
import { Message, useT } from '../../i18n';

const code = (chunks: ReactNode[]) => <code>{chunks}</code>;
const muted = (chunks: ReactNode[]) => <span className="muted">{chunks}</span>;
const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

function schemaText(schema: unknown): string {
  return JSON.stringify(schema, null, 2);
}

/** One request from the model to run one of the server's tools. */
export function ToolUseBlock({ use }: { use: SamplingToolUse }): ReactNode {
  return (
    <div className="request-tool-use">
      <p>
        <Message id="requests.tools.use" values={{ name: use.name, id: use.id, code, muted }} />
      </p>
      <pre className="request-preview">{schemaText(use.input)}</pre>
    </div>
  );
}

/** The result the server sent back for one tool use; its text is the server's and shown as plain text. */
export function ToolResultBlock({ result }: { result: SamplingToolResult }): ReactNode {
  return (
    <div className="request-tool-result">
      <p>
        <Message
          id="requests.tools.result"
          values={{ id: result.toolUseId, error: result.isError ? 'yes' : 'no', muted, strong }}
        />
      </p>
      <pre className="request-preview">{result.content.map((part) => part.text).join('\n')}</pre>
    </div>
  );
}

/** The tools the server offers the model in this request, and what happens when the model uses one. */
export function SamplingToolsSection({ request }: { request: SamplingRequest }): ReactNode {
  const t = useT();
  const tools = request.tools;
  if (!tools?.length) return null;
  const title = t('requests.tools.offered', { server: request.server });
  return (
    <section className="request-section" aria-label={title}>
      <h3 className="request-section-title">{title}</h3>
      <p className="muted request-hint">
        {request.toolsWithheld
          ? t('requests.tools.withheld', { rounds: request.toolRounds ?? 0 })
          : t('requests.tools.choice', { choice: request.toolChoice ?? 'auto', server: request.server })}
      </p>
      <ul className="request-tools">
        {tools.map((tool) => (
          <li key={tool.name} className="request-tool">
            <p>
              <code>{tool.name}</code>
              {tool.title ? <span> — {tool.title}</span> : null}
            </p>
            {tool.description ? <p className="request-tool-description">{tool.description}</p> : null}
            <details>
              <summary>{t('requests.tools.inputSchema')}</summary>
              <pre className="request-preview">{schemaText(tool.inputSchema)}</pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** In the review: what the model asked of the server's tools, which goes back with the response. */
export function ReviewToolCalls({ request }: { request: SamplingRequest }): ReactNode {
  const t = useT();
  const calls = request.response?.toolCalls;
  if (!calls?.length) return null;
  return (
    <section className="request-section" aria-label={t('requests.tools.callsLabel')}>
      <h3 className="request-section-title">{t('requests.tools.callsFor', { server: request.server })}</h3>
      <p className="muted request-hint">{t('requests.tools.callsHint', { server: request.server })}</p>
      {calls.map((call) => (
        <ToolUseBlock key={call.id} use={call} />
      ))}
    </section>
  );
}
