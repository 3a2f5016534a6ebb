// The Resource preview region: the selected resource's contents (tabs when several), Watch, Reload and Attach to chat.
import { type ReactNode, useState } from 'react';
import type { ResourceContentsView } from '../../../../shared/resources';
import { formatClock, formatSize } from '../../components/format';
import { Tabs } from '../../components/Tabs';
import { useT } from '../../i18n';
import { useResourceSelected, useServer } from '../../store';
import type { ResourceSelection } from '../../store/resourcesSlice';
import { canSubscribe } from '../prompts/catalog';
import { SkillPane } from '../skills/SkillPane';
import { resourceItem } from './contextItems';
import { resourceLabel } from './groupResources';
import { resourceKind } from './mime';
import { ResourceContent } from './ResourceContent';
import { ResourceIcon } from './ResourceIcon';
import { useAttachToChat } from './useAttach';
import { useResourceRead, useWatch } from './useResource';
import './resources.css';

function contentLabel(content: ResourceContentsView, index: number, fallback: string): string {
  const tail = content.uri.split(/[?#]/)[0]?.split('/').filter(Boolean).pop();
  return `${index + 1}. ${tail || content.mimeType || fallback}`;
}

function Contents({
  server,
  uri,
  contents,
}: {
  server: string;
  uri: string;
  contents: ResourceContentsView[];
}) {
  const t = useT();
  const [tab, setTab] = useState('c0');
  if (contents.length === 0) return <p className="muted">{t('resources.preview.noContents')}</p>;
  if (contents.length === 1) {
    const [only] = contents;
    return only ? <ResourceContent server={server} uri={uri} index={0} content={only} /> : null;
  }
  return (
    <Tabs
      ariaLabel={t('resources.preview.contents')}
      selected={tab}
      onSelect={setTab}
      tabs={contents.map((content, index) => ({
        id: `c${index}`,
        label: contentLabel(content, index, t('resources.preview.contentFallback')),
        render: () => <ResourceContent server={server} uri={uri} index={index} content={content} />,
      }))}
    />
  );
}

function WatchSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }): ReactNode {
  const t = useT();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={on ? 'watch-switch on' : 'watch-switch'}
      title={t('resources.preview.watchHint')}
      onClick={() => onChange(!on)}
    >
      <span className="watch-track" aria-hidden="true">
        <span className="watch-thumb" />
      </span>
      {t('resources.preview.watch')}
    </button>
  );
}

function Preview({ selection }: { selection: ResourceSelection }): ReactNode {
  const t = useT();
  const { server, uri } = selection;
  const view = useServer(server);
  const listed = view?.resources.find((resource) => resource.uri === uri);
  const [watching, setWatching] = useState(false);
  const watchProblem = useWatch(server, uri, watching);
  const { state, reload, updatedAt } = useResourceRead(server, uri, watching);
  const { attach, pending: attaching, error: attachError } = useAttachToChat();
  const name = listed ? resourceLabel(listed, uri) : (selection.name ?? uri);
  const contents = state.status === 'error' ? undefined : state.contents;
  const mime = listed?.mimeType ?? contents?.[0]?.mimeType;

  return (
    <div className="resource-pane">
      <header className="resource-head">
        <div className="resource-title">
          <ResourceIcon name={resourceKind(mime, uri)} size={16} />
          <h2>{name}</h2>
        </div>
        <p className="resource-uri">
          <code className="selectable">{uri}</code>
          <span className="muted">
            {' '}
            · {server}
            {mime ? ` · ${mime}` : ''}
            {listed?.size !== undefined ? ` · ${formatSize(listed.size)}` : ''}
          </span>
        </p>
        {listed?.description ? <p className="resource-description">{listed.description}</p> : null}
        <div className="resource-actions">
          {canSubscribe(view) ? <WatchSwitch on={watching} onChange={setWatching} /> : null}
          <button type="button" onClick={reload} disabled={state.status === 'loading'}>
            {t('resources.preview.reload')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={!contents || state.status !== 'ready' || attaching}
            onClick={() =>
              contents && void attach(resourceItem(server, uri, listed?.name ?? selection.name, contents))
            }
          >
            {t('resources.preview.attach')}
          </button>
          <span className="resource-status" role="status">
            {updatedAt !== null ? t('resources.preview.updatedAt', { time: formatClock(updatedAt) }) : ''}
          </span>
        </div>
        {watchProblem || attachError ? (
          <p className="inline-error" role="alert">
            {watchProblem ?? attachError}
          </p>
        ) : null}
      </header>
      <div className="resource-body" aria-busy={state.status === 'loading'}>
        {state.status === 'error' ? (
          <div className="resource-error" role="alert">
            <p>{state.message}</p>
            <button type="button" onClick={reload}>
              {t('resources.preview.tryAgain')}
            </button>
          </div>
        ) : contents ? (
          <Contents server={server} uri={uri} contents={contents} />
        ) : (
          <p className="muted resource-loading">{t('resources.preview.reading')}</p>
        )}
      </div>
    </div>
  );
}

/** The main area of the Resources section: a region named "Resource preview". */
export function ResourcesView(): ReactNode {
  const t = useT();
  const selection = useResourceSelected();
  return (
    <section className="resource-preview" aria-label={t('resources.preview.label')}>
      {selection?.skill ? (
        <SkillPane server={selection.server} uri={selection.uri} />
      ) : selection ? (
        <Preview key={`${selection.server}\u0000${selection.uri}`} selection={selection} />
      ) : (
        <div className="resource-empty">
          <h2>{t('resources.title')}</h2>
          <p className="muted">{t('resources.preview.empty')}</p>
        </div>
      )}
    </section>
  );
}
