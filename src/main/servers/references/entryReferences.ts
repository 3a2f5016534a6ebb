// Fills `${input:…}` and `${env:…}` in a local server's environment values when it starts.
import type { HostText } from '../../../shared/hostText';
import { referencesIn } from '../../../shared/inputReferences';
import { MissingValue } from './variables';

export { MissingValue } from './variables';

/** Where referenced values come from. */
export type ReferenceSources = {
  /** The value of an input: stored, or asked of the person (rejects when they cancel). */
  input: (id: string) => Promise<string | undefined>;
  /** The value for `${env:NAME}`: Switchboard's environment, or one asked of the person (see trust/fillRules). */
  env: (name: string) => Promise<string | undefined> | string | undefined;
};

/** The environment with its references filled in, and the values that must never be shown. */
export type FilledEnv = { env: Record<string, string>; secrets: string[] };

/** True when some value of `env` holds a reference. */
export function hasReferences(env: Readonly<Record<string, string>> | undefined): boolean {
  return Object.values(env ?? {}).some((value) => referencesIn(value).length > 0);
}

/**
 * Fills every `${input:ID}` and `${env:NAME}` of `env`'s values. Other `${…}` text is passed on as
 * written (other hosts pass env values literally). A missing value is a `MissingValue` naming the variable.
 */
export async function fillEnv(
  server: string,
  env: Readonly<Record<string, string>>,
  sources: ReferenceSources,
): Promise<FilledEnv> {
  const filled: Record<string, string> = Object.create(null);
  const secrets: string[] = [];
  for (const [variable, value] of Object.entries(env)) {
    let text = value;
    for (const reference of referencesIn(value)) {
      const found =
        reference.kind === 'input' ? await sources.input(reference.name) : await sources.env(reference.name);
      if (found === undefined) throw new MissingValue(missingText(server, variable, reference));
      // An environment variable's value may be a key as well as an input's: both are masked.
      secrets.push(found);
      text = text.replace(reference.text, () => found);
    }
    filled[variable] = text;
  }
  return { env: filled, secrets };
}

function missingText(
  server: string,
  variable: string,
  reference: { kind: 'input' | 'env'; name: string },
): HostText {
  return reference.kind === 'input'
    ? { id: 'host.values.secretNotStored', values: { server, variable } }
    : { id: 'host.values.envNotSetFor', values: { server, variable, name: reference.name } };
}

/** `text` with every secret of at least 4 characters replaced by `mask` (shorter ones would hide ordinary text). */
export function maskSecrets(text: string, secrets: readonly string[], mask = '••••••••'): string {
  let masked = text;
  for (const secret of secrets) if (secret.length >= 4) masked = masked.split(secret).join(mask);
  return masked;
}
