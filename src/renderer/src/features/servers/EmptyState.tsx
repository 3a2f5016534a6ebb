// Shown when no server is configured: where config.json lives and how to add one.
import { actions, useConfig } from '../../store';

/** The welcome page of an empty config. */
export function EmptyState() {
  const config = useConfig();
  return (
    <div className="empty-state">
      <h1>No servers yet</h1>
      <p>
        Switchboard starts the MCP servers listed in its config file
        {config ? (
          <>
            {' '}
            at <code className="selectable">{config.path}</code>
          </>
        ) : null}
        . It uses the same <code>mcpServers</code> format as Claude Desktop, so you can paste entries from
        there.
      </p>
      <div className="button-row">
        <button type="button" className="primary" onClick={() => actions.dialogOpened({ kind: 'add' })}>
          Add server
        </button>
        <button type="button" onClick={() => actions.dialogOpened({ kind: 'configFile' })}>
          Edit config file
        </button>
      </div>
    </div>
  );
}
