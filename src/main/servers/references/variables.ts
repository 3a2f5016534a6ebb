// `${env:NAME}` and `${input:ID}` in a remote entry's URL and header values, filled in at connect time.
import { formatHostText, type HostText } from '../../../shared/hostText';

const REFERENCE = /\$\{([^}]*)\}/g;

// biome-ignore lint/suspicious/noTemplateCurlyInString: references as config.json writes them, not templates
const REFERENCE_FORMS = { env: '${env:NAME}', input: '${input:ID}' };

/** Where variable values come from. */
export type VariableSources = {
  /** The value for `${env:NAME}`: Switchboard's environment, or one asked of the person (see trust/fillRules). */
  env: (name: string) => Promise<string | undefined> | string | undefined;
  /** The person's value for an input: stored, or asked for (rejects when they cancel). */
  input: (id: string) => Promise<string | undefined>;
};

/** A text with its variables filled in, and the values that must never be shown. */
export type Filled = { text: string; secrets: string[] };

/** A value the entry needs and does not have, in plain words: `text` by id, the message its English. */
export class MissingValue extends Error {
  constructor(readonly text: HostText) {
    super(formatHostText(text));
  }
}

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
        throw new MissingValue({
          id: 'host.values.envNotSet',
          values: { name, reference: `\${input:${name}}` },
        });
      }
    } else if (kind === 'input' && name) {
      value = await sources.input(name);
      if (value === undefined) throw new MissingValue({ id: 'host.values.noneGiven', values: { name } });
    } else {
      throw new MissingValue({
        id: 'host.values.unknownVariable',
        // The two forms of a reference, as they are written in config.json.
        values: { reference: match[0], env: REFERENCE_FORMS.env, input: REFERENCE_FORMS.input },
      });
    }
    secrets.push(value);
    result += value;
  }
  return { text: result + text.slice(last), secrets };
}

/** The `${input:…}` ids an entry uses, in order, each once. */
export { inputIdsOf as inputsOf } from '../../../shared/inputReferences';
