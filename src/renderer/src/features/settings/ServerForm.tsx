// The fields of a server: a local program (command, arguments, environment, working folder) or a remote address (with what a site offers at it).
import { type ReactNode, useId } from 'react';
import {
  type DiscoveredRemote,
  type DiscoveredServer,
  suggestedServerName,
} from '../../../../shared/discovery';
import { useT } from '../../i18n';
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
  const t = useT();
  const kindName = `${useId()}-kind`;
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
        <legend>{t('serverEditor.form.kind')}</legend>
        <label>
          <input
            type="radio"
            name={kindName}
            checked={draft.kind === 'local'}
            onChange={() => set({ kind: 'local' })}
          />{' '}
          {t('serverEditor.form.local')}
        </label>
        <label>
          <input
            type="radio"
            name={kindName}
            checked={draft.kind === 'remote'}
            onChange={() => set({ kind: 'remote' })}
          />{' '}
          {t('serverEditor.form.remote')}
        </label>
      </fieldset>
      {draft.kind === 'local' ? (
        <>
          <TextField
            label={t('serverEditor.form.command')}
            value={draft.command}
            // i18n-ignore: a command name, as the person would type it
            placeholder="npx"
            onChange={(command) => set({ command })}
          />
          <ArgumentRows args={draft.args} onChange={(args) => set({ args })} />
          <NamedValueRows
            legend={t('serverEditor.form.environment')}
            kind="env"
            rows={draft.env}
            onChange={(env) => set({ env })}
          />
          <TextField
            label={t('serverEditor.form.workingFolder')}
            value={draft.cwd}
            placeholder={t('serverEditor.form.workingFolderPlaceholder')}
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
            label={t('serverEditor.form.url')}
            type="url"
            value={draft.url}
            // i18n-ignore: an example address
            placeholder="https://example.com/mcp"
            onChange={(url) => set({ url })}
          />
          <DiscoveryPanel address={draft.url} onUse={use} />
          <label className="field">
            <span>{t('serverEditor.form.transport')}</span>
            <select
              value={draft.transport}
              onChange={(event) => set({ transport: transportOf(event.target.value) })}
            >
              <option value="auto">{t('serverEditor.form.transportAuto')}</option>
              <option value="http">{t('serverEditor.form.transportHttp')}</option>
              <option value="sse">{t('serverEditor.form.transportSse')}</option>
            </select>
          </label>
          <NamedValueRows
            legend={t('serverEditor.form.headers')}
            kind="header"
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
