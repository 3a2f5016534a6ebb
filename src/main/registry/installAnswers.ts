// Reads the person's answers to a registry entry's inputs: each value with its defaults, choices and {variables} filled in.
import { HostFault } from '../errors';
import type { RegistryArgument, RegistryInput, RegistryKeyValue } from './serverJson';

/** The person's answers, by field key. */
export type Answers = Readonly<Record<string, string>>;

/** What an argument is called when the person is asked for it. */
export function argumentLabel(arg: RegistryArgument): string {
  return (arg.type === 'named' ? arg.name : arg.valueHint) || arg.valueHint || arg.name || 'argument';
}

/** Whether an input, or one of its `{variables}`, is a secret. */
export function isSecret(input: RegistryInput & { variables?: Record<string, RegistryInput> }): boolean {
  return (
    input.isSecret === true ||
    Object.values(input.variables ?? {}).some((variable) => variable.isSecret === true)
  );
}

/** The words an argument adds to the command line (none when it is optional and left empty). */
export function argumentWords(key: string, arg: RegistryArgument, answers: Answers): string[] {
  const label = argumentLabel(arg);
  if (arg.type === 'named' && arg.format === 'boolean') {
    const value = arg.value ?? answerFor(key, label, arg, answers);
    return value === 'true' && arg.name ? [arg.name] : [];
  }
  const resolved = resolveKeyValue(key, { ...arg, name: label }, answers);
  if (arg.type === 'named') {
    if (!arg.name) return [];
    if (resolved === undefined) return [];
    return resolved.value === '' ? [arg.name] : [arg.name, resolved.value];
  }
  return resolved === undefined ? [] : [resolved.value];
}

/** The value of an input with its `{variables}` filled in, whether it is secret; undefined when optional and empty. */
export function resolveKeyValue(
  key: string,
  input: RegistryKeyValue | (RegistryArgument & { name: string }),
  answers: Answers,
): { value: string; secret: boolean } | undefined {
  const secret = isSecret(input);
  if (input.value !== undefined) {
    let value = input.value;
    for (const [name, variable] of Object.entries(input.variables ?? {})) {
      const filled = answerFor(`${key}/${name}`, name, variable, answers);
      value = value.split(`{${name}}`).join(filled ?? '');
    }
    return { value, secret };
  }
  const value = answerFor(key, input.name, input, answers);
  return value === undefined ? undefined : { value, secret };
}

/** The answer (or default) for one asked value; a required one left empty is a HostFault. */
export function answerFor(
  key: string,
  label: string,
  input: RegistryInput,
  answers: Answers,
): string | undefined {
  const answer = Object.hasOwn(answers, key) ? answers[key]?.trim() : undefined;
  const value = answer || input.default || undefined;
  if (value === undefined && input.isRequired) {
    throw new HostFault('invalid_input', { id: 'host.registry.valueRequired', values: { label } });
  }
  if (value !== undefined && input.choices && input.choices.length > 0 && !input.choices.includes(value)) {
    throw new HostFault('invalid_input', {
      id: 'host.registry.mustBeOneOf',
      values: { label, choices: input.choices.join(', ') },
    });
  }
  return value;
}
