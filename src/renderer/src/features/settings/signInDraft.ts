// The server form's sign-in section: which grant a remote server uses, and its fields, made from an entry's
// `oauth` and turned back into one. Secret fields go to the secret store as inputs, as secret rows do.
import { inputIdOf, inputReference } from '../../../../shared/inputReferences';
import type { BrowserOAuth, JwtAlgorithm, MachineOAuth, OAuthSettings } from '../../../../shared/types';
import { translate } from '../../i18n';

/** `browser`: the person signs in (with a client registered beforehand, if the entry names one). */
export type DraftGrant = 'browser' | MachineOAuth['grant'];

/** A secret field: what the person typed, the input that already holds it, or other text to keep as written. */
export type DraftSecret = { value: string; input?: string; kept?: string };

export type SignInDraft = {
  grant: DraftGrant;
  clientId: string;
  /** Space-separated. */
  scopes: string;
  issuer: string;
  clientSecret: DraftSecret;
  privateKeyFile: string;
  privateKey: DraftSecret;
  /** Empty: chosen from the key. */
  algorithm: '' | JwtAlgorithm;
  idpTokenEndpoint: string;
  idpClientId: string;
  idpClientSecret: DraftSecret;
  idTokenFile: string;
  idToken: DraftSecret;
  /** A browser sign-in's pre-registered client, kept as it was. */
  browser?: BrowserOAuth;
};

const NO_SECRET: DraftSecret = { value: '' };

export function emptySignIn(): SignInDraft {
  return {
    grant: 'browser',
    clientId: '',
    scopes: '',
    issuer: '',
    clientSecret: NO_SECRET,
    privateKeyFile: '',
    privateKey: NO_SECRET,
    algorithm: '',
    idpTokenEndpoint: '',
    idpClientId: '',
    idpClientSecret: NO_SECRET,
    idTokenFile: '',
    idToken: NO_SECRET,
  };
}

function secretOf(value: string | undefined, typed: ReadonlyMap<string, string>): DraftSecret {
  if (value === undefined) return NO_SECRET;
  const input = inputIdOf(value);
  return input ? { value: typed.get(input) ?? '', input } : { value: '', kept: value };
}

/** The section's draft of an entry's `oauth`; `typed` holds secret values typed in this dialog, by input id. */
export function signInFromEntry(
  oauth: OAuthSettings | undefined,
  typed: ReadonlyMap<string, string> = new Map(),
): SignInDraft {
  const draft = emptySignIn();
  if (!oauth) return draft;
  if (oauth.grant === undefined || oauth.grant === 'authorization_code') return { ...draft, browser: oauth };
  const machine = oauth as MachineOAuth;
  const common = {
    ...draft,
    grant: machine.grant,
    clientId: machine.clientId,
    scopes: machine.scopes?.join(' ') ?? '',
    issuer: machine.issuer ?? '',
  };
  switch (machine.grant) {
    case 'client_credentials':
      return { ...common, clientSecret: secretOf(machine.clientSecret, typed) };
    case 'private_key_jwt':
      return {
        ...common,
        privateKeyFile: machine.privateKeyFile ?? '',
        privateKey: secretOf(machine.privateKey, typed),
        algorithm: machine.algorithm ?? '',
      };
    case 'cross_app':
      return {
        ...common,
        clientSecret: secretOf(machine.clientSecret, typed),
        idpTokenEndpoint: machine.idpTokenEndpoint,
        idpClientId: machine.idpClientId,
        idpClientSecret: secretOf(machine.idpClientSecret, typed),
        idTokenFile: machine.idTokenFile ?? '',
        idToken: secretOf(machine.idToken, typed),
      };
  }
}

/** Where the section's result goes: secrets by input id, problems in plain words; `newId` names a new input. */
export type SignInOutput = {
  secrets: Map<string, string>;
  problems: string[];
  newId: (field: string) => string;
};

/** A secret field as config.json holds it: a reference to its input (its typed value stored), or text kept as written. */
function secretValue(
  secret: DraftSecret,
  field: string,
  label: string,
  out: SignInOutput,
  required: boolean,
) {
  if (secret.value) {
    const id = secret.input ?? out.newId(field);
    out.secrets.set(id, secret.value);
    return inputReference(id);
  }
  if (secret.input) return inputReference(secret.input);
  if (secret.kept !== undefined) return secret.kept;
  if (required) out.problems.push(translate('serverEditor.signIn.problem.typeSecret', { label }));
  return undefined;
}

/** One of a file path and a secret value, as the grant needs exactly one of them. */
function fileOrValue(
  file: string,
  secret: DraftSecret,
  names: { file: string; value: string; field: string; label: string },
  out: SignInOutput,
): Record<string, string> {
  const path = file.trim();
  const value = secretValue(secret, names.field, names.label, out, false);
  if (path && value !== undefined) {
    out.problems.push(translate('serverEditor.signIn.problem.fileAndValue', { label: names.label }));
    return {};
  }
  if (path) return { [names.file]: path };
  if (value !== undefined) return { [names.value]: value };
  out.problems.push(translate('serverEditor.signIn.problem.fileOrValue', { label: names.label }));
  return {};
}

/** The entry's `oauth` for the draft; undefined for a browser sign-in without a client registered beforehand. */
export function oauthFromSignIn(draft: SignInDraft, out: SignInOutput): OAuthSettings | undefined {
  if (draft.grant === 'browser') return draft.browser;
  const clientId = draft.clientId.trim();
  if (!clientId) out.problems.push(translate('serverEditor.signIn.problem.clientId'));
  const scopes = draft.scopes.split(/\s+/).filter(Boolean);
  const issuer = draft.issuer.trim();
  const common = { clientId, ...(scopes.length > 0 ? { scopes } : {}), ...(issuer ? { issuer } : {}) };
  // Only the grants that use it ask for it, so a missing one is a problem only there.
  const clientSecret = () =>
    secretValue(
      draft.clientSecret,
      'client-secret',
      translate('serverEditor.signIn.clientSecret'),
      out,
      true,
    ) ?? '';
  switch (draft.grant) {
    case 'client_credentials':
      return {
        grant: 'client_credentials',
        ...common,
        clientSecret: clientSecret(),
      };
    case 'private_key_jwt':
      return {
        grant: 'private_key_jwt',
        ...common,
        ...fileOrValue(
          draft.privateKeyFile,
          draft.privateKey,
          {
            file: 'privateKeyFile',
            value: 'privateKey',
            field: 'private-key',
            label: translate('serverEditor.signIn.privateKey'),
          },
          out,
        ),
        ...(draft.algorithm ? { algorithm: draft.algorithm } : {}),
      };
    case 'cross_app': {
      const idpTokenEndpoint = draft.idpTokenEndpoint.trim();
      const idpClientId = draft.idpClientId.trim();
      if (!idpTokenEndpoint) out.problems.push(translate('serverEditor.signIn.problem.idpTokenEndpoint'));
      if (!idpClientId) out.problems.push(translate('serverEditor.signIn.problem.idpClientId'));
      const idpSecret = secretValue(
        draft.idpClientSecret,
        'idp-client-secret',
        translate('serverEditor.signIn.idpClientSecret'),
        out,
        false,
      );
      return {
        grant: 'cross_app',
        ...common,
        clientSecret: clientSecret(),
        idpTokenEndpoint,
        idpClientId,
        ...(idpSecret !== undefined ? { idpClientSecret: idpSecret } : {}),
        ...fileOrValue(
          draft.idTokenFile,
          draft.idToken,
          {
            file: 'idTokenFile',
            value: 'idToken',
            field: 'id-token',
            label: translate('serverEditor.signIn.idToken'),
          },
          out,
        ),
      };
    }
  }
}
