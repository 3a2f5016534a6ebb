// Turns one package or remote of a registry server.json into a config entry: the questions to ask, then the entry itself.
import { inputReference } from '../../shared/inputReferences';
import type { InstallChoice, InstallField } from '../../shared/registry';
import { declaredNetwork, hostOf, hostsInText } from '../../shared/sandboxNetwork';
import type { ServerEntry, StdioServerEntry } from '../../shared/types';
import { HostFault } from '../errors';
import {
  type Answers,
  answerFor,
  argumentLabel,
  argumentWords,
  isSecret,
  resolveKeyValue,
} from './installAnswers';
import { commandArgs, runtimeOf, unsupportedText } from './packageCommand';
import type {
  RegistryArgument,
  RegistryInput,
  RegistryPackage,
  RegistryRemote,
  ServerJson,
} from './serverJson';

/** An entry ready to propose, and the secret values its `${input:…}` references stand for. */
export type InstallPlan = {
  entry: ServerEntry;
  secrets: Map<string, string>;
  /** Things the person should know (a secret that has to sit in the command line …). */
  notes: string[];
};

/** A server name for config.json from the registry name: its last part, in the characters names may use. */
export function suggestedName(server: ServerJson): string {
  const last = server.name.split('/').pop() ?? server.name;
  const plain = last.replace(/[^\p{L}\p{N} ._-]+/gu, '-').replace(/^[-. ]+|[-. ]+$/g, '');
  return (plain || 'server').slice(0, 64);
}

/** The package or remote `choice` names in `server`; a HostFault when there is none. */
export function chosen(
  server: ServerJson,
  choice: InstallChoice,
): { kind: 'package'; pkg: RegistryPackage } | { kind: 'remote'; remote: RegistryRemote } {
  const found = choice.kind === 'package' ? server.packages?.[choice.index] : server.remotes?.[choice.index];
  if (!found)
    throw new HostFault('not_found', {
      id: 'host.registry.noSuchOption',
      values: { name: server.name, version: server.version },
    });
  return choice.kind === 'package'
    ? { kind: 'package', pkg: found as RegistryPackage }
    : { kind: 'remote', remote: found as RegistryRemote };
}

/** Every value the person may (or must) give before `choice` of `server` is installed. */
export function installFields(server: ServerJson, choice: InstallChoice): InstallField[] {
  const option = chosen(server, choice);
  const fields: InstallField[] = [];
  if (option.kind === 'remote') {
    const { remote } = option;
    for (const [name, input] of Object.entries(remote.variables ?? {})) {
      fields.push(field(`url:${name}`, 'url', name, input));
    }
    for (const header of remote.headers ?? [])
      fields.push(...inputFields(`header:${header.name}`, 'header', header.name, header));
    return fields;
  }
  const { pkg } = option;
  (pkg.runtimeArguments ?? []).forEach((arg, index) => {
    fields.push(...inputFields(`runtime:${index}`, 'argument', argumentLabel(arg), arg));
  });
  (pkg.packageArguments ?? []).forEach((arg, index) => {
    fields.push(...inputFields(`package:${index}`, 'argument', argumentLabel(arg), arg));
  });
  for (const variable of pkg.environmentVariables ?? []) {
    fields.push(...inputFields(`env:${variable.name}`, 'env', variable.name, variable));
  }
  return fields;
}

/**
 * The entry for `choice` of `server` with `answers` filled in. Secret values become `${input:…}` references
 * (ids start with `inputPrefix`) whose values are in `secrets`. A required value left empty is a HostFault.
 */
export function planInstall(
  server: ServerJson,
  choice: InstallChoice,
  answers: Answers,
  inputPrefix: string,
): InstallPlan {
  const option = chosen(server, choice);
  const secrets = new Map<string, string>();
  const notes: string[] = [];
  const prefix = inputPrefix.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'server';
  const secretRef = (name: string, value: string) => {
    const id = `${prefix}.${name.replace(/[^\w.-]+/g, '_')}`.slice(0, 100);
    secrets.set(id, value);
    return inputReference(id);
  };
  if (option.kind === 'remote') {
    const { remote } = option;
    let url = remote.url;
    for (const [name, input] of Object.entries(remote.variables ?? {})) {
      const value = answerFor(`url:${name}`, name, input, answers);
      url = url.split(`{${name}}`).join(value ?? '');
    }
    if (/\{[^}]*\}/.test(url)) {
      throw new HostFault('invalid_input', { id: 'host.registry.unfilledAddressPart', values: { url } });
    }
    const headers: Record<string, string> = {};
    for (const header of remote.headers ?? []) {
      const resolved = resolveKeyValue(`header:${header.name}`, header, answers);
      if (resolved === undefined) continue;
      headers[header.name] = resolved.secret ? secretRef(header.name, resolved.value) : resolved.value;
    }
    return {
      entry: {
        type: remote.type === 'sse' ? 'sse' : 'http',
        url,
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
      },
      secrets,
      notes,
    };
  }
  const { pkg } = option;
  const unsupported = unsupportedText(pkg);
  if (unsupported) throw new HostFault('unsupported', unsupported);
  const command = runtimeOf(pkg);
  if (!command) throw new HostFault('unsupported', { id: 'host.registry.bundleNotCommand' });
  const env: Record<string, string> = {};
  const argumentList = (list: RegistryArgument[] | undefined, kind: 'runtime' | 'package') =>
    (list ?? []).flatMap((arg, index) => {
      const key = `${kind}:${index}`;
      if (pkg.registryType === 'oci' && kind === 'runtime' && isEnvFlag(arg)) {
        // `-e NAME=value`: docker is told the name only, and the value goes to the entry's env (a secret one to the store).
        const resolved = resolveKeyValue(key, { ...arg, name: argumentLabel(arg) }, answers);
        const split = resolved ? /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(resolved.value) : null;
        if (resolved && split?.[1] !== undefined && split[2] !== undefined) {
          env[split[1]] = resolved.secret ? secretRef(split[1], split[2]) : split[2];
          return [arg.name ?? '-e', split[1]];
        }
      }
      const words = argumentWords(key, arg, answers);
      if (words.length > 0 && isSecret(arg)) {
        notes.push(
          `The value of ${argumentLabel(arg)} is part of the command line, so it is kept in config.json rather than the secret store.`,
        );
      }
      return words;
    });
  const runtimeArgs = argumentList(pkg.runtimeArguments, 'runtime');
  const packageArgs = argumentList(pkg.packageArguments, 'package');
  const passed = new Set(Object.keys(env));
  for (const variable of pkg.environmentVariables ?? []) {
    const resolved = resolveKeyValue(`env:${variable.name}`, variable, answers);
    if (resolved === undefined) continue;
    env[variable.name] = resolved.secret ? secretRef(variable.name, resolved.value) : resolved.value;
  }
  const args = commandArgs(
    pkg,
    command,
    runtimeArgs,
    packageArgs,
    Object.keys(env).filter((name) => !passed.has(name)),
  );
  const entry: StdioServerEntry = { command, args, ...(Object.keys(env).length > 0 ? { env } : {}) };
  const network = declaredNetwork(entry, declaredHosts(server, pkg, env));
  return { entry: network ? { ...entry, sandbox: { network } } : entry, secrets, notes };
}

/** The hosts a registry entry names for a package: the registry it comes from, its remote addresses, URLs in its values. */
export function declaredHosts(
  server: ServerJson,
  pkg: RegistryPackage,
  env: Readonly<Record<string, string>>,
): string[] {
  const registry = pkg.registryBaseUrl ? hostOf(pkg.registryBaseUrl) : undefined;
  return [
    ...(registry ? [registry] : []),
    ...(server.remotes ?? []).flatMap((remote) => hostOf(remote.url) ?? []),
    ...hostsInText(Object.values(env)),
  ];
}

function isEnvFlag(arg: RegistryArgument): boolean {
  return arg.type === 'named' && (arg.name === '-e' || arg.name === '--env');
}

/** The fields an input asks for: itself when it has no fixed value, else each of its `{variables}`. */
function inputFields(
  key: string,
  where: InstallField['where'],
  label: string,
  input: RegistryInput & { variables?: Record<string, RegistryInput> },
): InstallField[] {
  if (input.value === undefined) return [field(key, where, label, input)];
  return Object.entries(input.variables ?? {}).map(([name, variable]) =>
    field(`${key}/${name}`, where, `${label}: ${name}`, {
      ...variable,
      isSecret: variable.isSecret || input.isSecret,
    }),
  );
}

function field(key: string, where: InstallField['where'], label: string, input: RegistryInput): InstallField {
  return {
    key,
    where,
    label,
    required: input.isRequired === true,
    secret: input.isSecret === true,
    ...(input.description ? { description: input.description } : {}),
    ...(input.default !== undefined ? { default: input.default } : {}),
    ...(input.choices && input.choices.length > 0 ? { choices: input.choices } : {}),
    ...(input.format === 'boolean' && !input.choices ? { choices: ['true', 'false'] } : {}),
    ...(input.placeholder ? { placeholder: input.placeholder } : {}),
  };
}
