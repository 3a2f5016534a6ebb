// The Tools tab of a server: its tools with the hints the server claims, a filter, and a Run dialog per tool.
import { type ReactNode, useId, useMemo, useState } from 'react';
import type { ServerView, ToolView } from '../../../../shared/types';
import { McpIcon } from '../../components/McpIcon';
import { RunToolDialog } from './RunToolDialog';
import { filterTools, toolClaims, toolDisplayName } from './toolList';
import './tools.css';

function ClaimBadges({ tool }: { tool: ToolView }): ReactNode {
  const claims = toolClaims(tool);
  if (claims.length === 0) return null;
  return (
    <ul className="tool-claims" aria-label="Hints claimed by the server">
      {claims.map((claim) => (
        <li
          key={claim.key}
          className={`tool-claim tool-claim-${claim.tone}`}
          title={`Claimed by the server, not verified: this tool ${claim.meaning}.`}
        >
          {claim.label}
        </li>
      ))}
    </ul>
  );
}

function ToolRow({
  server,
  tool,
  canRun,
  onRun,
}: {
  server: string;
  tool: ToolView;
  canRun: boolean;
  onRun: () => void;
}): ReactNode {
  const shown = toolDisplayName(tool);
  return (
    <li className="tool-row">
      <div className="tool-row-main">
        <h3 className="tool-title">
          <McpIcon server={server} icons={tool.icons} />
          {shown}
          {shown !== tool.name && <code className="tool-name">{tool.name}</code>}
        </h3>
        <ClaimBadges tool={tool} />
        {tool.description && <p className="tool-description">{tool.description}</p>}
      </div>
      <button
        type="button"
        className="tool-run"
        aria-label={`Run ${tool.name}`}
        title={canRun ? undefined : 'Start the server to run its tools'}
        disabled={!canRun}
        onClick={onRun}
      >
        Run
      </button>
    </li>
  );
}

/** Lists a server's tools; each opens a dialog that runs it by hand (no consent needed). */
export function ToolsTab({ server }: { server: ServerView }): ReactNode {
  const filterId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const tools = server.tools;
  const shown = useMemo(() => filterTools(tools, query), [tools, query]);
  const canRun = server.state.kind === 'running';
  const openTool = open === null ? undefined : tools.find((tool) => tool.name === open);

  if (tools.length === 0) {
    return (
      <div className="tools-tab">
        <p className="tools-empty">
          {canRun ? 'This server offers no tools.' : 'No tools to show. Start the server to see its tools.'}
        </p>
      </div>
    );
  }

  return (
    <div className="tools-tab">
      <div className="tools-filter">
        <label htmlFor={filterId}>Filter tools</label>
        <input
          id={filterId}
          type="search"
          value={query}
          placeholder="Name or description"
          onChange={(event) => setQuery(event.target.value)}
        />
        <span className="tools-count" aria-live="polite">
          {shown.length === tools.length
            ? `${tools.length} tools`
            : `${shown.length} of ${tools.length} tools`}
        </span>
      </div>
      {server.cachedAt !== undefined ? (
        <p className="tools-note">
          From cache: these are the tools saved when the server last ran. A call checks the live definition
          first.
        </p>
      ) : null}
      {!canRun && <p className="tools-note">The server is not running: start it to run these tools.</p>}
      {shown.length === 0 ? (
        <p className="tools-empty">No tool matches “{query}”.</p>
      ) : (
        <ul className="tool-list" aria-label={`Tools of ${server.name}`}>
          {shown.map((tool) => (
            <ToolRow
              key={tool.name}
              server={server.name}
              tool={tool}
              canRun={canRun}
              onRun={() => setOpen(tool.name)}
            />
          ))}
        </ul>
      )}
      {openTool && (
        <RunToolDialog server={server.name} tool={openTool} canRun={canRun} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

export default ToolsTab;
