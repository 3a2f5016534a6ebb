// Turns an unpacked bundle and the person's user_config values into a config entry, with the mcpb library's own resolution.
import { homedir } from 'node:os';
import { join, sep } from 'node:path';
import { getMcpConfigForManifest, hasRequiredConfigMissing, type McpbManifestAny } from '@anthropic-ai/mcpb';
import type { BundleField } from '../../shared/bundles';
import { inputReference } from '../../shared/inputReferences';
import { declaredNetwork, hostsInText } from '../../shared/sandboxNetwork';
import type { StdioServerEntry } from '../../shared/types';
import { HostFault } from '../errors';

/** The person's values by user_config key; a list for `multiple` ones. */
export type BundleValues = Readonly<Record<string, string | string[]>>;

export type BundlePlan = { entry: StdioServerEntry; secrets: Map<string, string>; notes: string[] };

/** What the bundle's `user_config` asks for. */
export function bundleFields(manifest: McpbManifestAny): BundleField[] {
  return Object.entries(manifest.user_config ?? {}).map(([key, option]) => ({
    key,
    type: option.type,
    title: option.title,
    description: option.description,
    required: option.required === true,
    sensitive: option.sensitive === true,
    multiple: option.multiple === true,
    ...(option.default !== undefined
      ? { default: Array.isArray(option.default) ? option.default.join(', ') : String(option.default) }
      : {}),
  }));
}

/**
 * The entry that runs the bundle in `dir` with `values`: `${__dirname}`, `${user_config.X}`, `${HOME}` …, and this
 * platform's `platform_overrides` resolved by the mcpb library. Sensitive values become `${input:…}` references in
 * the environment (ids start with `inputPrefix`); one the bundle puts on its command line has to stay there.
 */
export async function planBundle(
  manifest: McpbManifestAny,
  dir: string,
  values: BundleValues,
  inputPrefix: string,
): Promise<BundlePlan> {
  const fields = bundleFields(manifest);
  const userConfig: Record<string, string | number | boolean | string[]> = {};
  for (const field of fields) {
    const value = Object.hasOwn(values, field.key) ? values[field.key] : undefined;
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    userConfig[field.key] = typed(field, value);
  }
  if (hasRequiredConfigMissing({ manifest, userConfig })) {
    const missing = fields.filter((field) => field.required && userConfig[field.key] === undefined);
    const titles = missing.map((field) => field.title).join(', ');
    throw new HostFault('invalid_input', {
      id: 'host.bundles.valueRequired',
      values: { named: titles ? 'yes' : 'no', fields: titles },
    });
  }
  // Sensitive values are resolved as references first, so they never land in config.json through the environment.
  const prefix = inputPrefix.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'bundle';
  const secrets = new Map<string, string>();
  const references = new Map<string, string>();
  for (const field of fields) {
    const value = userConfig[field.key];
    if (!field.sensitive || value === undefined || Array.isArray(value)) continue;
    const id = `${prefix}.${field.key.replace(/[^\w.-]+/g, '_')}`.slice(0, 100);
    secrets.set(id, String(value));
    references.set(inputReference(id), String(value));
    userConfig[field.key] = inputReference(id);
  }
  const home = homedir();
  const config = await getMcpConfigForManifest({
    manifest,
    extensionPath: dir,
    systemDirs: {
      HOME: home,
      DESKTOP: join(home, 'Desktop'),
      DOCUMENTS: join(home, 'Documents'),
      DOWNLOADS: join(home, 'Downloads'),
    },
    userConfig,
    pathSeparator: sep,
  });
  if (!config) throw new HostFault('invalid_input', { id: 'host.bundles.noStartConfig' });
  const notes: string[] = [];
  const args = (config.args ?? []).map((arg) => {
    let plain = arg;
    for (const [reference, value] of references) {
      if (plain.includes(reference)) {
        plain = plain.split(reference).join(value);
        notes.push(
          'A sensitive value is part of the command line, so it is kept in config.json rather than the secret store.',
        );
      }
    }
    return plain;
  });
  const env = config.env ?? {};
  const entry: StdioServerEntry = {
    command: config.command,
    ...(args.length > 0 ? { args } : {}),
    ...(Object.keys(env).length > 0 ? { env: { ...env } } : {}),
    cwd: dir,
  };
  // The addresses the bundle's own settings name are hosts it means to reach.
  const network = declaredNetwork(entry, hostsInText(Object.values(env)));
  return { entry: network ? { ...entry, sandbox: { network } } : entry, secrets, notes: [...new Set(notes)] };
}

function typed(field: BundleField, value: string | string[]): string | number | boolean | string[] {
  if (field.multiple) return Array.isArray(value) ? value : [value];
  const text = Array.isArray(value) ? (value[0] ?? '') : value;
  if (field.type === 'boolean') return text === 'true';
  if (field.type === 'number') {
    const number = Number(text);
    if (!Number.isFinite(number))
      throw new HostFault('invalid_input', {
        id: 'host.bundles.mustBeNumber',
        values: { field: field.title },
      });
    return number;
  }
  return text;
}
