// The sign-in part of a remote server's form: a browser sign-in, or a grant without a person and the fields it needs.
import { type ReactNode, useId } from 'react';
import { JWT_ALGORITHMS } from '../../../../shared/types';
import type { DraftGrant, DraftSecret, SignInDraft } from './signInDraft';
import { TextField } from './TextField';

/** Props of `SignInFields`. */
export type SignInFieldsProps = { draft: SignInDraft; onChange: (draft: SignInDraft) => void };

const GRANTS: { value: DraftGrant; label: string }[] = [
  { value: 'browser', label: 'Sign in with a browser' },
  { value: 'client_credentials', label: 'Client credentials' },
  { value: 'private_key_jwt', label: 'Private key JWT' },
  { value: 'cross_app', label: 'Enterprise-managed (cross-app)' },
];

const HINTS: Record<DraftGrant, string> = {
  browser:
    'When the server asks for it, its page shows Sign in, which opens the authorization server’s page.',
  client_credentials:
    'Switchboard gets tokens as this client on its own: no Sign in, no browser. The secret is kept in the secret store.',
  private_key_jwt:
    'Switchboard proves it is this client with a JWT signed by the private key; the authorization server has the public key.',
  cross_app:
    'Your company’s identity provider exchanges your ID token for an assertion this server’s authorization server accepts.',
};

/** A secret typed hidden; a stored one shows only that it is stored. */
function SecretField(props: {
  label: string;
  secret: DraftSecret;
  optional?: boolean;
  multiline?: boolean;
  onChange: (secret: DraftSecret) => void;
}): ReactNode {
  const { secret } = props;
  const stored = secret.input !== undefined || secret.kept !== undefined;
  const placeholder = stored ? 'Stored — type to replace' : props.optional ? 'Optional' : '';
  const set = (value: string) => props.onChange({ ...secret, value });
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea
          id={id}
          rows={3}
          value={secret.value}
          placeholder={placeholder || '-----BEGIN PRIVATE KEY-----'}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => set(event.target.value)}
        />
      ) : (
        <input
          id={id}
          type="password"
          value={secret.value}
          placeholder={placeholder}
          spellCheck={false}
          autoComplete="new-password"
          onChange={(event) => set(event.target.value)}
        />
      )}
    </div>
  );
}

/** The grant chooser and the fields of the chosen grant. */
export function SignInFields({ draft, onChange }: SignInFieldsProps): ReactNode {
  const set = (change: Partial<SignInDraft>) => onChange({ ...draft, ...change });
  const grant = draft.grant;
  return (
    <fieldset className="rows-field">
      <legend>Sign-in</legend>
      <label className="field">
        <span>How Switchboard signs in</span>
        <select value={grant} onChange={(event) => set({ grant: grantOf(event.target.value) })}>
          {GRANTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <p className="muted hint">
        {HINTS[grant]}
        {grant === 'browser' && draft.browser
          ? ` It signs in as the client registered beforehand, ${draft.browser.clientId} (Edit as JSON to change it).`
          : null}
      </p>
      {grant === 'browser' ? null : (
        <>
          <TextField label="Client ID" value={draft.clientId} onChange={(clientId) => set({ clientId })} />
          {grant === 'private_key_jwt' ? (
            <>
              <TextField
                label="Private key file"
                value={draft.privateKeyFile}
                placeholder="~/keys/client.pem, or paste the key below"
                onChange={(privateKeyFile) => set({ privateKeyFile })}
              />
              <SecretField
                label="Private key"
                secret={draft.privateKey}
                multiline
                onChange={(privateKey) => set({ privateKey })}
              />
              <label className="field">
                <span>Signing algorithm</span>
                <select
                  value={draft.algorithm}
                  onChange={(event) => set({ algorithm: algorithmOf(event.target.value) })}
                >
                  <option value="">From the key</option>
                  {JWT_ALGORITHMS.map((algorithm) => (
                    <option key={algorithm} value={algorithm}>
                      {algorithm}
                    </option>
                  ))}
                </select>
              </label>
            </>
          ) : (
            <SecretField
              label="Client secret"
              secret={draft.clientSecret}
              onChange={(clientSecret) => set({ clientSecret })}
            />
          )}
          {grant === 'cross_app' ? (
            <>
              <TextField
                label="IdP token endpoint"
                value={draft.idpTokenEndpoint}
                placeholder="https://idp.example.com/oauth2/token"
                onChange={(idpTokenEndpoint) => set({ idpTokenEndpoint })}
              />
              <TextField
                label="IdP client ID"
                value={draft.idpClientId}
                onChange={(idpClientId) => set({ idpClientId })}
              />
              <SecretField
                label="IdP client secret"
                secret={draft.idpClientSecret}
                optional
                onChange={(idpClientSecret) => set({ idpClientSecret })}
              />
              <TextField
                label="ID token file"
                value={draft.idTokenFile}
                placeholder="A file your sign-in tool keeps current, or paste the token below"
                onChange={(idTokenFile) => set({ idTokenFile })}
              />
              <SecretField label="ID token" secret={draft.idToken} onChange={(idToken) => set({ idToken })} />
            </>
          ) : null}
          <TextField
            label="Scopes"
            value={draft.scopes}
            placeholder="Optional, separated by spaces"
            onChange={(scopes) => set({ scopes })}
          />
          <TextField
            label="Authorization server (issuer)"
            value={draft.issuer}
            placeholder="Recommended: https://auth.example.com — credentials go to no other server"
            onChange={(issuer) => set({ issuer })}
          />
        </>
      )}
    </fieldset>
  );
}

function grantOf(value: string): DraftGrant {
  return GRANTS.find((option) => option.value === value)?.value ?? 'browser';
}

function algorithmOf(value: string): SignInDraft['algorithm'] {
  return JWT_ALGORITHMS.find((algorithm) => algorithm === value) ?? '';
}
