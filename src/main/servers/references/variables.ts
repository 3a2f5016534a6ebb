// `${env:NAME}` and `${input:ID}` in a remote entry's URL and header values, filled in at connect time.

const REFERENCE = /\$\{([^}]*)\}/g;

/** Where variable values come from. */
export type VariableSources = {
  /** The value for `${env:NAME}`: Switchboard's environment, or one asked of the person (see trust/fillRules). */
  env: (name: string) => Promise<string | undefined> | string | undefined;
  /** The person's value for an input: stored, or asked for (rejects when they cancel). */
  input: (id: string) => Promise<string | undefined>;
};

/** A text with its variables filled in, and the values that must never be shown. */
export type Filled = { text: string; secrets: string[] };

/** A value the entry needs and does not have, in plain words. */
export class MissingValue extends Error {}

/** Fills every reference in `text`; an unknown kind or an unset environment variable is a MissingValue. */
export async function fillVariables(text: string, sources: VariableSources): Promise<Filled> {
  const secrets: string[] = [];
  let result = '';
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    result += text.slice(last, match.index);
    last = match.index + match[0].length;
    const [kind, ...rest] = (match[1] ?? '').split(':');
    const name = rest.join(':').trim();
    let value: string | undefined;
    if (kind === 'env' && name) {
      value = await sources.env(name);
      if (value === undefined) {
        throw new MissingValue(
          `The environment variable ${name} is not set. Set it before starting Switchboard, or use \${input:${name}} to be asked for the value.`,
        );
      }
    } else if (kind === 'input' && name) {
      value = await sources.input(name);
      if (value === undefined)
        throw new MissingValue(`No value was given for "${name}". Press Start to be asked again.`);
    } else {
      throw new MissingValue(
        `"${match[0]}" is not a variable Switchboard knows. Use \${env:NAME} or \${input:ID}.`,
      );
    }
    secrets.push(value);
    result += value;
  }
  return { text: result + text.slice(last), secrets };
}

/** The `${input:…}` ids an entry uses, in order, each once. */
export { inputIdsOf as inputsOf } from '../../../shared/inputReferences';
