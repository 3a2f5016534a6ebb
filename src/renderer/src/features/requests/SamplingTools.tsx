// Tools in a sampling request: the server's own tools the model may ask for, and the tool uses and results in the messages.
import type { ReactNode } from 'react';
import type { SamplingRequest, SamplingToolResult, SamplingToolUse } from '../../../../shared/requests';

function schemaText(schema: unknown): string {
  return JSON.stringify(schema, null, 2);
}

/** One request from the model to run one of the server's tools. */
export function ToolUseBlock({ use }: { use: SamplingToolUse }): ReactNode {
  return (
    <div className="request-tool-use">
      <p>
        Asks to use <code>{use.name}</code> <span className="muted">({use.id})</span> with:
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
        Result of <span className="muted">{result.toolUseId}</span>
        {result.isError ? <strong> (an error)</strong> : null}, from the server:
      </p>
      <pre className="request-preview">{result.content.map((part) => part.text).join('\n')}</pre>
    </div>
  );
}

const CHOICE: Record<NonNullable<SamplingRequest['toolChoice']>, string> = {
  auto: 'The model may use them.',
  required: 'The server asks that the model use at least one.',
  none: 'The server asks that the model not use them this time.',
};

/** The tools the server offers the model in this request, and what happens when the model uses one. */
export function SamplingToolsSection({ request }: { request: SamplingRequest }): ReactNode {
  const tools = request.tools;
  if (!tools?.length) return null;
  return (
    <section className="request-section" aria-label={`Tools offered by ${request.server}`}>
      <h3 className="request-section-title">Tools offered by {request.server}</h3>
      <p className="muted request-hint">
        {request.toolsWithheld
          ? `This request already went through ${request.toolRounds} rounds of tool use, Switchboard's limit: the model runs without these tools and must answer.`
          : `${CHOICE[request.toolChoice ?? 'auto']} A tool the model asks for is not run by Switchboard: the request goes back to ${request.server}, which runs it and may ask again with the result. None of your other servers' tools are used.`}
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
              <summary>Input schema</summary>
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
  const calls = request.response?.toolCalls;
  if (!calls?.length) return null;
  return (
    <section className="request-section" aria-label="Tool calls">
      <h3 className="request-section-title">Tool calls for {request.server}</h3>
      <p className="muted request-hint">
        The model asked to use these tools. Sending returns the requests to {request.server}, which runs them;
        Switchboard runs nothing.
      </p>
      {calls.map((call) => (
        <ToolUseBlock key={call.id} use={call} />
      ))}
    </section>
  );
}
