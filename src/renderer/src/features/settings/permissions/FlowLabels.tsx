// Settings → Permissions: each server's tools with their flow labels (the person may change them), review before the model, and the policy.
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import {
  FLOW_LABELS,
  type FlowLabel,
  type FlowServerView,
  type FlowToolView,
  type FlowView,
  type LabelSource,
  type ReviewSource,
} from '../../../../../shared/flow';
import { useHost } from '../../../api';
import { describeError } from '../../../components/format';
import { Message, useT } from '../../../i18n';
import { useAllServers } from '../../../store';
import { flagName, labelName } from '../../consent/flowWords';

const SOURCE: Record<LabelSource, string> = {
  annotation: 'permissions.flow.source.annotation',
  server: 'permissions.flow.source.server',
  'built-in': 'permissions.flow.source.builtIn',
  name: 'permissions.flow.source.name',
  person: 'permissions.flow.source.person',
  default: 'permissions.flow.source.default',
};

const REVIEW_SOURCE: Record<ReviewSource, string> = {
  policy: 'permissions.flow.review.policy',
  person: 'permissions.flow.review.person',
  default: 'permissions.flow.review.default',
};

/** Why the flow view cannot be shown or a change was not saved. */
type Problem = { saving: boolean; error: string };

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
  const t = useT();
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
            {flagName(flag, t)}
          </span>
        ))}
      </th>
      {FLOW_LABELS.map((label) => (
        <td key={label}>
          <label className="flow-cell" title={tool.labels[label].why}>
            <input
              type="checkbox"
              checked={tool.labels[label].on}
              aria-label={t('permissions.flow.labelOf', { tool: tool.name, label: labelName(label, t) })}
              onChange={(event) => set(label, event.target.checked)}
            />
            <span className="muted">{t(SOURCE[tool.labels[label].source])}</span>
          </label>
        </td>
      ))}
      <td>
        <input
          type="checkbox"
          checked={tool.review}
          disabled={!tool.labels.outsideContent.on}
          aria-label={t('permissions.flow.reviewTool', { tool: tool.name })}
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
            {t('permissions.flow.backToRules')}
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function ServerLabels({ view, change }: { view: FlowServerView; change: Change }): ReactNode {
  const t = useT();
  const host = useHost();
  return (
    <section className="flow-server" aria-label={t('permissions.flow.serverLabels', { server: view.server })}>
      <h3>{view.server}</h3>
      {view.blocked ? (
        <p className="field-error">{t('permissions.flow.blocked', { reason: view.blocked })}</p>
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
        {t('permissions.flow.reviewServer', { server: view.server })}
      </label>
      <p className="muted hint">{t(REVIEW_SOURCE[view.review.source])}</p>
      {view.tools.length === 0 ? (
        <p className="settings-empty">{t('permissions.flow.noTools')}</p>
      ) : (
        <div className="settings-table-wrap">
          <table className="settings-table">
            <caption className="visually-hidden">
              {t('permissions.flow.caption', { server: view.server })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('permissions.flow.column.tool')}</th>
                {FLOW_LABELS.map((label) => (
                  <th key={label} scope="col">
                    {labelName(label, t)}
                  </th>
                ))}
                <th scope="col">{t('permissions.flow.column.review')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('permissions.flow.column.actions')}</span>
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
  const t = useT();
  if (policy.files.length === 0) return <p className="muted hint">{t('permissions.policy.none')}</p>;
  return (
    <ul className="trust-list" aria-label={t('permissions.policy.label')}>
      {policy.files.map((file) => (
        <li key={file.path} className="trust-row">
          <p>
            <Message
              id="permissions.policy.applies"
              values={{ path: file.path, code: (chunks: ReactNode[]) => <code>{chunks}</code> }}
            />
          </p>
          {file.problems.map((problem) => (
            <p key={problem} className="field-error" role="alert">
              {t('permissions.policy.problem', { problem })}
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** Fetches the flow view on open and whenever a server's tools change; each change answers the new view. */
export function FlowLabels(): ReactNode {
  const t = useT();
  const host = useHost();
  const servers = useAllServers();
  const [view, setView] = useState<FlowView | null>(null);
  const [error, setError] = useState<Problem | null>(null);
  const toolsKey = servers
    .map((server) => `${server.name}:${server.tools.map((tool) => tool.name).join(',')}`)
    .join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched again when the servers' tools change
  useEffect(() => {
    host
      .invoke('flow.view', {})
      .then(setView, (caught: unknown) => setError({ saving: false, error: describeError(caught) }));
  }, [host, toolsKey]);
  const change = useCallback<Change>((command) => {
    setError(null);
    command().then(setView, (caught: unknown) => setError({ saving: true, error: describeError(caught) }));
  }, []);
  return (
    <>
      {error ? (
        <p className="field-error" role="alert">
          {error.saving ? t('permissions.flow.notSaved', { error: error.error }) : error.error}
        </p>
      ) : null}
      {view ? <PolicyStatus policy={view.policy} /> : null}
      {view === null ? (
        <p className="muted">{t('permissions.flow.loading')}</p>
      ) : view.servers.length === 0 ? (
        <p className="settings-empty">{t('permissions.flow.noServers')}</p>
      ) : (
        view.servers.map((server) => <ServerLabels key={server.server} view={server} change={change} />)
      )}
    </>
  );
}
