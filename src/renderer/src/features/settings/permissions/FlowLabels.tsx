// Settings → Permissions: each server's tools with their flow labels (the person may change them), review before the model, and the policy.
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import {
  FLAG_NAMES,
  FLOW_LABELS,
  type FlowLabel,
  type FlowServerView,
  type FlowToolView,
  type FlowView,
  LABEL_NAMES,
  type LabelSource,
} from '../../../../../shared/flow';
import { useHost } from '../../../api';
import { describeError } from '../../../components/format';
import { useAllServers } from '../../../store';

const SOURCE: Record<LabelSource, string> = {
  annotation: 'server’s annotation',
  server: 'what the server is',
  'built-in': 'known server',
  name: 'tool’s name',
  person: 'you',
  default: 'rules',
};

const REVIEW_SOURCE = {
  policy: 'required by your organisation’s policy',
  person: 'your choice',
  default: 'the default',
} as const;

type Change = (command: () => Promise<FlowView>) => void;

function ToolRow({
  server,
  tool,
  change,
}: {
  server: string;
  tool: FlowToolView;
  change: Change;
}): ReactNode {
  const host = useHost();
  const set = (label: FlowLabel, value: boolean | null) =>
    change(() => host.invoke('flow.setLabel', { server, tool: tool.name, label, value }));
  const marked = FLOW_LABELS.filter((label) => tool.labels[label].source === 'person');
  return (
    <tr>
      <th scope="row">
        <code>{tool.name}</code>
        {tool.flags.map((flag) => (
          <span key={flag} className="tag tag-warning">
            {FLAG_NAMES[flag]}
          </span>
        ))}
      </th>
      {FLOW_LABELS.map((label) => (
        <td key={label}>
          <label className="flow-cell" title={tool.labels[label].why}>
            <input
              type="checkbox"
              checked={tool.labels[label].on}
              aria-label={`${tool.name} ${LABEL_NAMES[label]}`}
              onChange={(event) => set(label, event.target.checked)}
            />
            <span className="muted">{SOURCE[tool.labels[label].source]}</span>
          </label>
        </td>
      ))}
      <td>
        <input
          type="checkbox"
          checked={tool.review}
          disabled={!tool.labels.outsideContent.on}
          aria-label={`Review results of ${tool.name} before the model sees them`}
          onChange={(event) =>
            change(() =>
              host.invoke('flow.setReview', { server, tool: tool.name, value: event.target.checked }),
            )
          }
        />
      </td>
      <td>
        {marked.length > 0 ? (
          <button
            type="button"
            className="small"
            onClick={() => {
              for (const label of marked) set(label, null);
            }}
          >
            Back to the rules
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function ServerLabels({ view, change }: { view: FlowServerView; change: Change }): ReactNode {
  const host = useHost();
  return (
    <section className="flow-server" aria-label={`Labels of ${view.server}’s tools`}>
      <h3>{view.server}</h3>
      {view.blocked ? (
        <p className="field-error">Blocked by your organisation's policy: {view.blocked}.</p>
      ) : null}
      <label className="trust-label">
        <input
          type="checkbox"
          checked={view.review.on}
          disabled={view.review.source === 'policy'}
          onChange={(event) =>
            change(() => host.invoke('flow.setReview', { server: view.server, value: event.target.checked }))
          }
        />
        Review results from {view.server}’s outside-content tools before the model sees them
      </label>
      <p className="muted hint">{REVIEW_SOURCE[view.review.source]}.</p>
      {view.tools.length === 0 ? (
        <p className="settings-empty">No tools known yet: start the server to list them.</p>
      ) : (
        <div className="settings-table-wrap">
          <table className="settings-table">
            <caption className="visually-hidden">{view.server}’s tools and their labels</caption>
            <thead>
              <tr>
                <th scope="col">Tool</th>
                {FLOW_LABELS.map((label) => (
                  <th key={label} scope="col">
                    {LABEL_NAMES[label]}
                  </th>
                ))}
                <th scope="col">Review first</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.tools.map((tool) => (
                <ToolRow key={tool.name} server={view.server} tool={tool} change={change} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The policy's files and what could not be read in them. */
function PolicyStatus({ policy }: { policy: FlowView['policy'] }): ReactNode {
  if (policy.files.length === 0)
    return <p className="muted hint">No organisation policy applies on this computer.</p>;
  return (
    <ul className="trust-list" aria-label="Organisation policy">
      {policy.files.map((file) => (
        <li key={file.path} className="trust-row">
          <p>
            Your organisation’s policy applies: <code>{file.path}</code>
          </p>
          {file.problems.map((problem) => (
            <p key={problem} className="field-error" role="alert">
              {problem} Everything it could have blocked is blocked until it is fixed.
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** Fetches the flow view on open and whenever a server's tools change; each change answers the new view. */
export function FlowLabels(): ReactNode {
  const host = useHost();
  const servers = useAllServers();
  const [view, setView] = useState<FlowView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toolsKey = servers
    .map((server) => `${server.name}:${server.tools.map((tool) => tool.name).join(',')}`)
    .join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched again when the servers' tools change
  useEffect(() => {
    host.invoke('flow.view', {}).then(setView, (caught: unknown) => setError(describeError(caught)));
  }, [host, toolsKey]);
  const change = useCallback<Change>((command) => {
    setError(null);
    command().then(setView, (caught: unknown) =>
      setError(`Your change was not saved: ${describeError(caught)}`),
    );
  }, []);
  return (
    <>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {view ? <PolicyStatus policy={view.policy} /> : null}
      {view === null ? (
        <p className="muted">Loading…</p>
      ) : view.servers.length === 0 ? (
        <p className="settings-empty">No servers yet.</p>
      ) : (
        view.servers.map((server) => <ServerLabels key={server.server} view={server} change={change} />)
      )}
    </>
  );
}
