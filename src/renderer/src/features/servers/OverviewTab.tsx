// Overview: what the server says about itself, its protocol and capabilities, its apps, and its launch entry.
import type { ReactNode } from 'react';
import type { ServerView } from '../../../../shared/types';
import { shellWord } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { AppsSection } from './AppsSection';
import { ProtocolSection } from './ProtocolSection';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Website({ url }: { url: string }) {
  const { run, error } = useCommand();
  if (!url.startsWith('https://')) return <span className="selectable">{url}</span>;
  return (
    <>
      <span className="selectable">{url}</span>{' '}
      <button
        type="button"
        className="small"
        onClick={() => run((host) => host.invoke('app.openExternal', { url }))}
      >
        Open in browser
      </button>
      {error ? <span className="inline-error"> {error}</span> : null}
    </>
  );
}

function LaunchEntry({ view }: { view: ServerView }) {
  const entry = view.entry;
  if ('url' in entry) {
    const headers = Object.keys(entry.headers ?? {});
    return (
      <dl className="fields">
        <Field label="Transport">{entry.type}</Field>
        <Field label="URL">{entry.url}</Field>
        {headers.length > 0 ? <Field label="Headers">{headers.join(', ')} (values hidden)</Field> : null}
      </dl>
    );
  }
  const env = Object.keys(entry.env ?? {});
  return (
    <dl className="fields">
      <Field label="Command">
        <code>{entry.command}</code>
      </Field>
      {entry.args && entry.args.length > 0 ? (
        <Field label="Arguments">
          <code>{entry.args.map(shellWord).join(' ')}</code>
        </Field>
      ) : null}
      {entry.cwd ? <Field label="Working folder">{entry.cwd}</Field> : null}
      {env.length > 0 ? <Field label="Environment">{env.join(', ')} (values hidden)</Field> : null}
    </dl>
  );
}

/** The Overview tab of a server. */
export function OverviewTab({ view }: { view: ServerView }) {
  const info = view.info;
  return (
    <div className="overview">
      {view.transport !== 'stdio' ? (
        <p className="notice">
          Connecting to remote ({view.transport}) servers is not supported yet in this version. The entry
          stays in config.json and will be used once a later version supports it.
        </p>
      ) : null}
      <section>
        <h2>Server</h2>
        {info ? (
          <dl className="fields">
            <Field label="Name">{info.name}</Field>
            {info.title ? <Field label="Title">{info.title}</Field> : null}
            <Field label="Version">{info.version}</Field>
            {info.description ? <Field label="Description">{info.description}</Field> : null}
            {info.websiteUrl ? (
              <Field label="Website">
                <Website url={info.websiteUrl} />
              </Field>
            ) : null}
          </dl>
        ) : (
          <p className="muted">The server has not said who it is yet. Start it to see its details.</p>
        )}
      </section>
      <ProtocolSection view={view} />
      <section>
        <h2>Capabilities</h2>
        {view.capabilities ? (
          <pre className="code-block">{JSON.stringify(view.capabilities, null, 2)}</pre>
        ) : (
          <p className="muted">Not known until the server is running.</p>
        )}
      </section>
      <AppsSection view={view} />
      <section>
        <h2>Instructions</h2>
        {view.instructions ? (
          <>
            <p className="muted">Written by the server; shown as plain text.</p>
            <pre className="untrusted-text">{view.instructions}</pre>
          </>
        ) : (
          <p className="muted">The server gave no instructions.</p>
        )}
      </section>
      <section>
        <h2>Launch</h2>
        <LaunchEntry view={view} />
      </section>
    </div>
  );
}
