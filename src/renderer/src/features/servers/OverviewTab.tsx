// Overview: what the server says about itself, its protocol and capabilities, its apps, and its launch entry.
import type { ReactNode } from 'react';
import { machineOAuthOf, type ServerView } from '../../../../shared/types';
import { formatClock, shellWord } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { ArgumentFoldersNotice } from '../roots/ArgumentFoldersNotice';
import { AppsSection } from './AppsSection';
import { cachedLabel } from './CatalogueTags';
import { DescriptionWarnings } from './DescriptionWarnings';
import { InstructionsSection } from './InstructionsSection';
import { ProtocolSection } from './ProtocolSection';
import { SandboxSection } from './SandboxSection';

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

const TRANSPORT_NAMES = { http: 'Streamable HTTP', sse: 'HTTP+SSE (older servers)' } as const;

function transportText(view: ServerView): string {
  const used = view.connectedVia ? TRANSPORT_NAMES[view.connectedVia] : undefined;
  if (view.transport === 'auto') {
    if (!used) return 'Streamable HTTP, or HTTP+SSE if the server only speaks that (the entry names no type)';
    return view.connectedVia === 'sse'
      ? `${used}: the server did not accept Streamable HTTP, so the older transport was used`
      : `${used} (the entry names no type; HTTP+SSE would have been tried next)`;
  }
  return view.transport === 'sse' ? TRANSPORT_NAMES.sse : TRANSPORT_NAMES.http;
}

const MACHINE_GRANTS = {
  client_credentials: 'client credentials (a client secret)',
  private_key_jwt: 'client credentials (a private key JWT)',
  cross_app: 'enterprise-managed authorization (your ID token, exchanged at the identity provider)',
} as const;

/** Who a remote server is signed in as, until when, with what; and Sign out. */
function SignInSection({ view }: { view: ServerView }) {
  const { run, pending, error } = useCommand();
  const auth = view.auth;
  const machine = machineOAuthOf(view.entry);
  if (machine) {
    return (
      <section>
        <h2>Sign-in</h2>
        <p>
          Signs in on its own with {MACHINE_GRANTS[machine.grant]}, as client{' '}
          <span className="selectable">{machine.clientId}</span>: no Sign in, no browser. Its tokens are
          renewed before they expire; a problem with its settings shows here as the server's error.
        </p>
      </section>
    );
  }
  if (!auth) {
    return (
      <section>
        <h2>Sign-in</h2>
        <p className="muted">The server has not asked anyone to sign in.</p>
      </section>
    );
  }
  const who =
    auth.status === 'signed-in'
      ? auth.account
        ? `Signed in as ${auth.account}`
        : 'Signed in (the token does not say as whom)'
      : auth.status === 'signing-in'
        ? 'Signing in: waiting for the browser'
        : 'Not signed in';
  return (
    <section>
      <h2>Sign-in</h2>
      <dl className="fields">
        <Field label="Status">{who}</Field>
        {auth.authorizationServer ? (
          <Field label="Authorization server">{auth.authorizationServer}</Field>
        ) : null}
        {auth.scopes && auth.scopes.length > 0 ? (
          <Field label="Permissions">{auth.scopes.join(', ')}</Field>
        ) : null}
        {auth.expiresAt !== undefined && auth.status === 'signed-in' ? (
          <Field label="Access expires">
            {formatClock(auth.expiresAt)}
            {auth.refreshable ? ' (renewed automatically)' : ' (then you sign in again)'}
          </Field>
        ) : null}
      </dl>
      {auth.status === 'signed-in' ? (
        <div className="button-row">
          <button
            type="button"
            disabled={pending}
            onClick={() => void run((host) => host.invoke('servers.signOut', { server: view.name }))}
          >
            Sign out
          </button>
          <span className="muted">Revokes the tokens where the server supports it, and forgets them.</span>
        </div>
      ) : null}
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** The `${input:…}` values the entry uses: stored or not, and a way to be asked again. */
function InputsField({ view }: { view: ServerView }) {
  const { run, pending, error } = useCommand();
  const inputs = view.inputs ?? [];
  if (inputs.length === 0) return null;
  const askAgain = (inputId: string) =>
    run(async (host) => {
      await host.invoke('inputs.forget', { server: view.name, inputId });
      await host.invoke('servers.restart', { server: view.name });
    });
  return (
    <Field label="Inputs">
      <ul className="plain-list">
        {inputs.map((input) => (
          <li key={input.id}>
            <code>{input.id}</code>
            {input.description ? ` (${input.description})` : ''}: {input.stored ? 'stored' : 'not given yet'}{' '}
            {input.stored ? (
              <button
                type="button"
                className="small"
                disabled={pending}
                onClick={() => void askAgain(input.id)}
              >
                Ask again
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? <span className="inline-error">{error}</span> : null}
    </Field>
  );
}

function LaunchEntry({ view }: { view: ServerView }) {
  const entry = view.entry;
  if ('url' in entry) {
    const headers = Object.keys(entry.headers ?? {});
    return (
      <dl className="fields">
        <Field label="Transport">{transportText(view)}</Field>
        <Field label="URL">
          <span className="selectable">{entry.url}</span>
        </Field>
        {headers.length > 0 ? (
          <Field label="Headers">{headers.join(', ')} (secret values hidden)</Field>
        ) : null}
        {entry.oauth ? (
          <Field label="OAuth client">{entry.oauth.clientId} (registered beforehand)</Field>
        ) : null}
        <InputsField view={view} />
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
      <ArgumentFoldersNotice view={view} />
      {view.cachedAt !== undefined ? (
        <p className="notice" role="status">
          From cache: {cachedLabel(view.cachedAt)}
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
      <DescriptionWarnings view={view} />
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
      <InstructionsSection view={view} />
      <SandboxSection view={view} />
      {view.transport !== 'stdio' ? <SignInSection view={view} /> : null}
      <section>
        <h2>{view.transport === 'stdio' ? 'Launch' : 'Connection'}</h2>
        <LaunchEntry view={view} />
      </section>
    </div>
  );
}
