// How a registry package is started: the runtime for its type and the command line that runs it.
import { formatHostText } from '../../shared/hostText';
import { HostFault, type HostText } from '../errors';
import type { RegistryPackage } from './serverJson';

/** The program each package type runs with when the publisher gives no `runtimeHint`. */
const RUNTIMES: Readonly<Record<string, string>> = { npm: 'npx', pypi: 'uvx', oci: 'docker', nuget: 'dnx' };

/** The command a package would be started with, or undefined for a remote or an .mcpb bundle. */
export function runtimeOf(pkg: RegistryPackage): string | undefined {
  const fallback = RUNTIMES[pkg.registryType];
  return fallback ? pkg.runtimeHint?.trim() || fallback : undefined;
}

/** Why a package cannot be installed by Switchboard, or undefined when it can. */
export function unsupportedReason(pkg: RegistryPackage): string | undefined {
  const text = unsupportedText(pkg);
  return text ? formatHostText(text) : undefined;
}

/** `unsupportedReason` as a message for a person. */
export function unsupportedText(pkg: RegistryPackage): HostText | undefined {
  if (pkg.transport && pkg.transport.type !== 'stdio') return { id: 'host.registry.webServerPackage' };
  if (pkg.registryType === 'mcpb') return undefined;
  if (!RUNTIMES[pkg.registryType])
    return { id: 'host.registry.unknownRuntime', values: { type: pkg.registryType } };
  return undefined;
}

/** The arguments of the runtime command: its own, the package reference, then the package's. */
export function commandArgs(
  pkg: RegistryPackage,
  command: string,
  runtimeArgs: string[],
  packageArgs: string[],
  envNames: string[],
): string[] {
  const version = pkg.version?.trim();
  switch (pkg.registryType) {
    case 'npm': {
      const yes = command === 'npx' && !runtimeArgs.some((arg) => arg === '-y' || arg === '--yes');
      return [
        ...(yes ? ['-y'] : []),
        ...runtimeArgs,
        version ? `${pkg.identifier}@${version}` : pkg.identifier,
        ...packageArgs,
      ];
    }
    case 'pypi':
      return [...runtimeArgs, version ? `${pkg.identifier}==${version}` : pkg.identifier, ...packageArgs];
    case 'oci': {
      // docker passes on only the variables it is told to; the values come from the entry's env.
      const passEnv = envNames.flatMap((name) => ['-e', name]);
      const image = imageOf(pkg);
      if (runtimeArgs[0] !== 'run')
        return ['run', '-i', '--rm', ...passEnv, ...runtimeArgs, image, ...packageArgs];
      // The publisher wrote the whole `docker run …`: its image word is pinned to this version.
      const untagged = image.replace(/[:@][^/]*$/, '');
      const at = runtimeArgs.findIndex((arg, index) => index > 0 && (arg === image || arg === untagged));
      const own =
        at < 0 ? [...runtimeArgs, image] : runtimeArgs.map((arg, index) => (index === at ? image : arg));
      return ['run', ...passEnv, ...own.slice(1), ...packageArgs];
    }
    case 'nuget':
      return [
        ...runtimeArgs,
        version ? `${pkg.identifier}@${version}` : pkg.identifier,
        '--yes',
        ...(packageArgs.length > 0 ? ['--', ...packageArgs] : []),
      ];
    default:
      throw new HostFault('unsupported', {
        id: 'host.registry.unknownPackageType',
        values: { type: pkg.registryType },
      });
  }
}

/** The image reference of an OCI package: with its registry host and tag. */
export function imageOf(pkg: RegistryPackage): string {
  let image = pkg.identifier.trim();
  const first = image.split('/')[0] ?? '';
  const hasHost =
    image.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
  if (!hasHost && pkg.registryBaseUrl) {
    try {
      const host = new URL(pkg.registryBaseUrl).host;
      if (host && !/(^|\.)docker\.(io|com)$/.test(host)) image = `${host}/${image}`;
    } catch {
      // No usable base address: the image name is used as written.
    }
  }
  const lastPart = image.split('/').pop() ?? '';
  const tagged = lastPart.includes(':') || lastPart.includes('@');
  return tagged || !pkg.version ? image : `${image}:${pkg.version}`;
}
