// The sign-in part of a remote server's form: a browser sign-in, or a grant without a person and the fields it needs.
import { type ReactNode, useId } from 'react';
import { JWT_ALGORITHMS } from '../../../../shared/types';
import { useT } from '../../i18n';
import type { DraftGrant, DraftSecret, SignInDraft } from './signInDraft';
import { TextField } from './TextField';

/** Props of `SignInFields`. */
export type SignInFieldsProps = { draft: SignInDraft; onChange: (draft: SignInDraft) => void };

/** Each grant with the message ids of its name and of its hint. */
const GRANTS: { value: DraftGrant; label: string; hint: string }[] = [
  { value: 'browser', label: 'serverEditor.signIn.grant.browser', hint: 'serverEditor.signIn.hint.browser' },
  {
    value: 'client_credentials',
    label: 'serverEditor.signIn.grant.clientCredentials',
    hint: 'serverEditor.signIn.hint.clientCredentials',
  },
  {
    value: 'private_key_jwt',
    label: 'serverEditor.signIn.grant.privateKeyJwt',
    hint: 'serverEditor.signIn.hint.privateKeyJwt',
  },
  {
    value: 'cross_app',
    label: 'serverEditor.signIn.grant.crossApp',
    hint: 'serverEditor.signIn.hint.crossApp',
  },
];

/** A secret typed hidden; a stored one shows only that it is stored. */
function SecretField(props: {
  label: string;
  secret: DraftSecret;
  optional?: boolean;
  multiline?: boolean;
  onChange: (secret: DraftSecret) => void;
}): ReactNode {
  const t = useT();
  const { secret } = props;
  const stored = secret.input !== undefined || secret.kept !== undefined;
  const placeholder = stored
    ? t('serverEditor.stored')
    : props.optional
      ? t('serverEditor.signIn.optional')
      : '';
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
          // i18n-ignore: the first line of a PEM key, as written in the file
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
  const t = useT();
  const set = (change: Partial<SignInDraft>) => onChange({ ...draft, ...change });
  const grant = draft.grant;
  const hint = GRANTS.find((option) => option.value === grant)?.hint ?? 'serverEditor.signIn.hint.browser';
  return (
    <fieldset className="rows-field">
      <legend>{t('serverEditor.signIn.legend')}</legend>
      <label className="field">
        <span>{t('serverEditor.signIn.how')}</span>
        <select value={grant} onChange={(event) => set({ grant: grantOf(event.target.value) })}>
          {GRANTS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)}
            </option>
          ))}
        </select>
      </label>
      <p className="muted hint">
        {grant === 'browser' && draft.browser
          ? t('serverEditor.signIn.hint.browserRegistered', { clientId: draft.browser.clientId })
          : t(hint)}
      </p>
      {grant === 'browser' ? null : (
        <>
          <TextField
            label={t('serverEditor.signIn.clientId')}
            value={draft.clientId}
            onChange={(clientId) => set({ clientId })}
          />
          {grant === 'private_key_jwt' ? (
            <>
              <TextField
                label={t('serverEditor.signIn.privateKeyFile')}
                value={draft.privateKeyFile}
                placeholder={t('serverEditor.signIn.privateKeyFilePlaceholder')}
                onChange={(privateKeyFile) => set({ privateKeyFile })}
              />
              <SecretField
                label={t('serverEditor.signIn.privateKey')}
                secret={draft.privateKey}
                multiline
                onChange={(privateKey) => set({ privateKey })}
              />
              <label className="field">
                <span>{t('serverEditor.signIn.algorithm')}</span>
                <select
                  value={draft.algorithm}
                  onChange={(event) => set({ algorithm: algorithmOf(event.target.value) })}
                >
                  <option value="">{t('serverEditor.signIn.algorithmFromKey')}</option>
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
              label={t('serverEditor.signIn.clientSecret')}
              secret={draft.clientSecret}
              onChange={(clientSecret) => set({ clientSecret })}
            />
          )}
          {grant === 'cross_app' ? (
            <>
              <TextField
                label={t('serverEditor.signIn.idpTokenEndpoint')}
                value={draft.idpTokenEndpoint}
                // i18n-ignore: an example address
                placeholder="https://idp.example.com/oauth2/token"
                onChange={(idpTokenEndpoint) => set({ idpTokenEndpoint })}
              />
              <TextField
                label={t('serverEditor.signIn.idpClientId')}
                value={draft.idpClientId}
                onChange={(idpClientId) => set({ idpClientId })}
              />
              <SecretField
                label={t('serverEditor.signIn.idpClientSecret')}
                secret={draft.idpClientSecret}
                optional
                onChange={(idpClientSecret) => set({ idpClientSecret })}
              />
              <TextField
                label={t('serverEditor.signIn.idTokenFile')}
                value={draft.idTokenFile}
                placeholder={t('serverEditor.signIn.idTokenFilePlaceholder')}
                onChange={(idTokenFile) => set({ idTokenFile })}
              />
              <SecretField
                label={t('serverEditor.signIn.idToken')}
                secret={draft.idToken}
                onChange={(idToken) => set({ idToken })}
              />
            </>
          ) : null}
          <TextField
            label={t('serverEditor.signIn.scopes')}
            value={draft.scopes}
            placeholder={t('serverEditor.signIn.scopesPlaceholder')}
            onChange={(scopes) => set({ scopes })}
          />
          <TextField
            label={t('serverEditor.signIn.issuer')}
            value={draft.issuer}
            placeholder={t('serverEditor.signIn.issuerPlaceholder', { example: 'https://auth.example.com' })}
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
