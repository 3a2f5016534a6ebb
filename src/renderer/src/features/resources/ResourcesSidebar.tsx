// The Resources section's sidebar: the filter box and the tree of every running server's resources and templates.
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { ResourceTemplateView } from '../../../../shared/types';
import { useT } from '../../i18n';
import {
  actions,
  useResourceExpanded,
  useResourceFilter,
  useResourceSelected,
  useRunningServers,
} from '../../store';
import { SkillsSection } from '../skills/SkillsSection';
import { ResourceTree } from './ResourceTree';
import { TemplateDialog } from './TemplateDialog';
import { serverTree } from './treeCache';
import {
  type BranchNode,
  filterTree,
  flattenTree,
  offersResources,
  resourceKey,
  type TreeRow,
} from './treeModel';
import './tree.css';

/** Filter box, tree and the template dialog. */
export function ResourcesSidebar(): ReactNode {
  const t = useT();
  const servers = useRunningServers();
  const expanded = useResourceExpanded();
  const selected = useResourceSelected();
  const filter = useResourceFilter();
  const query = useDeferredValue(filter);
  const filtering = query.trim() !== '';
  const [filterClosed, setFilterClosed] = useState<Record<string, boolean>>({});
  const [template, setTemplate] = useState<{ server: string; template: ResourceTemplateView } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter opens every matching branch again
  useEffect(() => setFilterClosed({}), [query]);

  const nodes = useMemo(() => servers.filter(offersResources).map(serverTree), [servers]);
  const shown = useMemo(() => filterTree(nodes, query), [nodes, query]);
  const rows = useMemo(
    () =>
      flattenTree(shown, (node: BranchNode) =>
        filtering ? !filterClosed[node.key] : (expanded[node.key] ?? node.kind === 'server'),
      ),
    [shown, filtering, filterClosed, expanded],
  );

  const onToggle = (key: string, open: boolean) => {
    if (filtering) setFilterClosed((current) => ({ ...current, [key]: !open }));
    else actions.resourceToggled(key, open);
  };

  const onActivate = (row: TreeRow) => {
    const { node } = row;
    if (node.kind === 'resource') {
      actions.resourceSelected({
        server: row.server,
        uri: node.resource.uri,
        name: node.resource.name,
        key: row.key,
      });
    } else if (node.kind === 'template') {
      setTemplate({ server: row.server, template: node.template });
    }
  };

  const selectedKey =
    selected && !selected.skill ? (selected.key ?? resourceKey(selected.server, selected.uri)) : null;
  let note: string | null = null;
  if (nodes.length === 0) note = t('resources.sidebar.none');
  else if (rows.length === 0) note = t('resources.sidebar.noMatch', { query: query.trim() });

  return (
    <div className="resources-nav">
      <div className="resources-nav-top">
        <input
          type="search"
          className="resources-filter"
          aria-label={t('resources.sidebar.filterLabel')}
          placeholder={t('resources.sidebar.filterPlaceholder')}
          value={filter}
          onChange={(event) => actions.resourceFilterChanged(event.target.value)}
        />
      </div>
      {note ? (
        <p className="resources-nav-note muted" role="status">
          {note}
        </p>
      ) : null}
      <ResourceTree rows={rows} selectedKey={selectedKey} onToggle={onToggle} onActivate={onActivate} />
      <SkillsSection />
      {template ? (
        <TemplateDialog
          server={template.server}
          template={template.template}
          onClose={() => setTemplate(null)}
        />
      ) : null}
    </div>
  );
}
