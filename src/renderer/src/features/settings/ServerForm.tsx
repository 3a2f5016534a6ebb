// The fields of a server: a local program (command, arguments, environment, working folder) or a remote address (with what a site offers at it).
import { type ReactNode, useId } from 'react';
import {
  type DiscoveredRemote,
  type DiscoveredServer,
  suggestedServerName,
} from '../../../../shared/discovery';
import { DiscoveryPanel } from './DiscoveryPanel';
import { ArgumentRows, NamedValueRows } from './EntryRows';
import { SandboxFields } from './SandboxFields';
import { SignInFields } from './SignInFields';
import { rowKey, type ServerDraft } from './serverDraft';
import { TextField } from './TextField';

/** Props of `ServerForm`; `onSuggestName` hears a name for a server found at the typed address. */
export type ServerFormProps = {
  draft: ServerDraft;
  onChange: (draft: ServerDraft) => void;
  onSuggestName?: (name: string) => void;
};

/** The entry's fields; the name is asked for by the dialog around it. */
export function ServerForm({ draft, onChange, onSuggestName }: ServerFormProps): ReactNode {
  const ids = useId();
  const set = (change: Partial<ServerDraft>) => onChange({ ...draft, ...change });
  const use = (server: DiscoveredServer, remote: DiscoveredRemote) => {
    set({
      url: remote.url,
      transport: remote.transport,
      headers: remote.headers.map((header) => ({
        key: rowKey(),
        name: header.name,
        value: header.value ?? '',
        secret: header.secret,
      })),
    });
    onSuggestName?.(suggestedServerName(server));
  };
  return (
    <>
      <fieldset className="kind-field">
        <legend>Kind</legend>
        <label>
          <input
            type="radio"
            name={`${ids}-kind`}
            checked={draft.kind === 'local'}
            onChange={() => set({ kind: 'local' })}
          />{' '}
          Local program
        </label>
        <label>
          <input
            type="radio"
            name={`${ids}-kind`}
            checked={draft.kind === 'remote'}
            onChange={() => set({ kind: 'remote' })}
          />{' '}
          Remote server (URL)
        </label>
      </fieldset>
      {draft.kind === 'local' ? (
        <>
          <TextField
            label="Command"
            value={draft.command}
            placeholder="npx"
            onChange={(command) => set({ command })}
          />
          <ArgumentRows args={draft.args} onChange={(args) => set({ args })} />
          <NamedValueRows
            legend="Environment"
            noun="variable"
            rows={draft.env}
            onChange={(env) => set({ env })}
          />
          <TextField
            label="Working folder"
            value={draft.cwd}
            placeholder="Optional: where the program starts"
            onChange={(cwd) => set({ cwd })}
          />
          <SandboxFields
            draft={draft.sandbox}
            command={draft.command.trim()}
            args={draft.args.map((arg) => arg.value)}
            onChange={(sandbox) => set({ sandbox })}
          />
        </>
      ) : (
        <>
          <TextField
            label="URL"
            type="url"
            value={draft.url}
            placeholder="https://example.com/mcp"
            onChange={(url) => set({ url })}
          />
          <DiscoveryPanel address={draft.url} onUse={use} />
          <label className="field">
            <span>Transport</span>
            <select
              value={draft.transport}
              onChange={(event) => set({ transport: transportOf(event.target.value) })}
            >
              <option value="auto">Automatic (Streamable HTTP, else HTTP with server-sent events)</option>
              <option value="http">Streamable HTTP</option>
              <option value="sse">HTTP with server-sent events (older servers)</option>
            </select>
          </label>
          <NamedValueRows
            legend="Headers"
            noun="header"
            rows={draft.headers}
            onChange={(headers) => set({ headers })}
          />
          <SignInFields draft={draft.signIn} onChange={(signIn) => set({ signIn })} />
        </>
      )}
    </>
  );
}

function transportOf(value: string): ServerDraft['transport'] {
  return value === 'sse' || value === 'http' ? value : 'auto';
}
