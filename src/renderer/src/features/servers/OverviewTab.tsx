// Overview: what the server says about itself, its protocol and capabilities, its apps, and its launch entry.
import type { ReactNode } from 'react';
import { machineOAuthOf, type ServerView } from '../../../../shared/types';
import { formatClock, hostWords, shellWord } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
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
  const t = useT();
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
        {t('servers.overview.openInBrowser')}
      </button>
      {error ? <span className="inline-error"> {error}</span> : null}
    </>
  );
}

function transportText(view: ServerView, t: ReturnType<typeof useT>): string {
  if (view.transport === 'auto') {
    if (view.connectedVia === 'sse') return t('servers.overview.transport.autoSse');
    if (view.connectedVia === 'http') return t('servers.overview.transport.autoHttp');
    return t('servers.overview.transport.auto');
  }
  return view.transport === 'sse'
    ? t('servers.overview.transport.sse')
    : t('servers.overview.transport.http');
}

/** Who a remote server is signed in as, until when, with what; and Sign out. */
function SignInSection({ view }: { view: ServerView }) {
  const t = useT();
  const { run, pending, error } = useCommand();
  const auth = view.auth;
  const machine = machineOAuthOf(view.entry);
  if (machine) {
    return (
      <section>
        <h2>{t('servers.signIn.title')}</h2>
        <p>
          <Message
            id="servers.signIn.machine"
            values={{
              grant: machine.grant,
              client: <span className="selectable">{machine.clientId}</span>,
            }}
          />
        </p>
      </section>
    );
  }
  if (!auth) {
    return (
      <section>
        <h2>{t('servers.signIn.title')}</h2>
        <p className="muted">{t('servers.signIn.notAsked')}</p>
      </section>
    );
  }
  const who =
    auth.status === 'signed-in'
      ? auth.account
        ? t('servers.signIn.signedInAs', { account: auth.account })
        : t('servers.signIn.signedIn')
      : auth.status === 'signing-in'
        ? t('servers.signIn.signingIn')
        : t('servers.signIn.notSignedIn');
  return (
    <section>
      <h2>{t('servers.signIn.title')}</h2>
      <dl className="fields">
        <Field label={t('servers.signIn.status')}>{who}</Field>
        {auth.authorizationServer ? (
          <Field label={t('servers.signIn.authorizationServer')}>{auth.authorizationServer}</Field>
        ) : null}
        {auth.scopes && auth.scopes.length > 0 ? (
          <Field label={t('servers.signIn.permissions')}>{auth.scopes.join(', ')}</Field>
        ) : null}
        {auth.expiresAt !== undefined && auth.status === 'signed-in' ? (
          <Field label={t('servers.signIn.expires')}>
            {t('servers.signIn.expiresAt', {
              time: formatClock(auth.expiresAt),
              renewed: auth.refreshable ? 'yes' : 'no',
            })}
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
            {t('servers.signIn.signOut')}
          </button>
          <span className="muted">{t('servers.signIn.signOutHint')}</span>
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
  const t = useT();
  const { run, pending, error } = useCommand();
  const inputs = view.inputs ?? [];
  if (inputs.length === 0) return null;
  const askAgain = (inputId: string) =>
    run(async (host) => {
      await host.invoke('inputs.forget', { server: view.name, inputId });
      await host.invoke('servers.restart', { server: view.name });
    });
  return (
    <Field label={t('servers.overview.inputs')}>
      <ul className="plain-list">
        {inputs.map((input) => (
          <li key={input.id}>
            <Message
              id={input.description ? 'servers.overview.inputDescribed' : 'servers.overview.input'}
              values={{
                id: input.id,
                description: hostWords(input.description ?? '', input.descriptionText),
                stored: input.stored ? 'yes' : 'no',
                code: (chunks: ReactNode) => <code>{chunks}</code>,
              }}
            />{' '}
            {input.stored ? (
              <button
                type="button"
                className="small"
                disabled={pending}
                onClick={() => void askAgain(input.id)}
              >
                {t('servers.overview.askAgain')}
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
  const t = useT();
  const entry = view.entry;
  if ('url' in entry) {
    const headers = Object.keys(entry.headers ?? {});
    return (
      <dl className="fields">
        <Field label={t('servers.overview.transportLabel')}>{transportText(view, t)}</Field>
        <Field label={t('servers.overview.url')}>
          <span className="selectable">{entry.url}</span>
        </Field>
        {headers.length > 0 ? (
          <Field label={t('servers.overview.headers')}>
            {t('servers.overview.headersHidden', { names: headers.join(', ') })}
          </Field>
        ) : null}
        {entry.oauth ? (
          <Field label={t('servers.overview.oauthClient')}>
            {t('servers.overview.oauthClientRegistered', { client: entry.oauth.clientId })}
          </Field>
        ) : null}
        <InputsField view={view} />
      </dl>
    );
  }
  const env = Object.keys(entry.env ?? {});
  return (
    <dl className="fields">
      <Field label={t('servers.overview.command')}>
        <code>{entry.command}</code>
      </Field>
      {entry.args && entry.args.length > 0 ? (
        <Field label={t('servers.overview.arguments')}>
          <code>{entry.args.map(shellWord).join(' ')}</code>
        </Field>
      ) : null}
      {entry.cwd ? <Field label={t('servers.overview.cwd')}>{entry.cwd}</Field> : null}
      {env.length > 0 ? (
        <Field label={t('servers.overview.env')}>
          {t('servers.overview.envHidden', { names: env.join(', ') })}
        </Field>
      ) : null}
    </dl>
  );
}

/** The Overview tab of a server. */
export function OverviewTab({ view }: { view: ServerView }) {
  const t = useT();
  const info = view.info;
  return (
    <div className="overview">
      <ArgumentFoldersNotice view={view} />
      {view.cachedAt !== undefined ? (
        <p className="notice" role="status">
          {t('servers.overview.fromCache', { detail: cachedLabel(view.cachedAt) })}
        </p>
      ) : null}
      <section>
        <h2>{t('servers.overview.server')}</h2>
        {info ? (
          <dl className="fields">
            <Field label={t('servers.overview.name')}>{info.name}</Field>
            {info.title ? <Field label={t('servers.overview.title')}>{info.title}</Field> : null}
            <Field label={t('servers.overview.version')}>{info.version}</Field>
            {info.description ? (
              <Field label={t('servers.overview.description')}>{info.description}</Field>
            ) : null}
            {info.websiteUrl ? (
              <Field label={t('servers.overview.website')}>
                <Website url={info.websiteUrl} />
              </Field>
            ) : null}
          </dl>
        ) : (
          <p className="muted">{t('servers.overview.noInfo')}</p>
        )}
      </section>
      <DescriptionWarnings view={view} />
      <ProtocolSection view={view} />
      <section>
        <h2>{t('servers.overview.capabilities')}</h2>
        {view.capabilities ? (
          <pre className="code-block">{JSON.stringify(view.capabilities, null, 2)}</pre>
        ) : (
          <p className="muted">{t('servers.notKnownYet')}</p>
        )}
      </section>
      <AppsSection view={view} />
      <InstructionsSection view={view} />
      <SandboxSection view={view} />
      {view.transport !== 'stdio' ? <SignInSection view={view} /> : null}
      <section>
        <h2>
          {view.transport === 'stdio' ? t('servers.overview.launch') : t('servers.overview.connection')}
        </h2>
        <LaunchEntry view={view} />
      </section>
    </div>
  );
}
