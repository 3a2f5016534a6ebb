// Opens a .mcpb bundle: refuses paths that leave its folder and zips that unpack too far, validates the manifest,
// checks the platform, verifies the signature, and unpacks it into a staging folder until it is installed.
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  extractSignatureBlock,
  MANIFEST_SCHEMAS,
  type McpbManifestAny,
  verifyMcpbFile,
} from '@anthropic-ai/mcpb';
import type { BundleSignature } from '../../shared/bundles';
import { HostFault } from '../errors';
import { installFolder, stagingFolder } from './bundleFolders';
import { BundleZip } from './bundleZip';
import { DEFAULT_UNPACK_LIMITS, MAX_BUNDLE_BYTES, MAX_MANIFEST_BYTES, type UnpackLimits } from './limits';

/**
 * A checked bundle: its files unpacked in `staging/files`, to be moved to `dir` (named by `sha256`, the hash of
 * the .mcpb file) when it is installed.
 */
export type UnpackedBundle = {
  manifest: McpbManifestAny;
  signature: BundleSignature;
  sha256: string;
  staging: string;
  dir: string;
};

const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  darwin: 'macOS',
  win32: 'Windows',
  linux: 'Linux',
};

/**
 * Checks `bytes` as a bundle and unpacks it into a staging folder under `bundlesDir`. Nothing is unpacked when
 * any entry's path would leave the bundle's folder, the zip would unpack beyond `limits`, the manifest is
 * invalid, or the bundle is not made for `platform`; a zip that lies about its sizes is stopped as it inflates.
 */
export async function unpackBundle(
  bytes: Buffer,
  bundlesDir: string,
  platform: NodeJS.Platform = process.platform,
  limits: UnpackLimits = DEFAULT_UNPACK_LIMITS,
): Promise<UnpackedBundle> {
  if (bytes.byteLength > MAX_BUNDLE_BYTES) {
    throw new HostFault('too_large', { id: 'host.bundles.tooLarge' });
  }
  const { originalContent, pkcs7Signature } = extractSignatureBlock(bytes);
  const zip = await BundleZip.open(originalContent, limits);
  try {
    const manifest = await readManifest(zip);
    const platforms = manifest.compatibility?.platforms;
    if (platforms && platforms.length > 0 && !platforms.includes(platform as 'darwin')) {
      const names = platforms.map((name: string) => PLATFORM_NAMES[name] ?? name);
      throw new HostFault('unsupported', {
        id: 'host.bundles.wrongPlatform',
        values: {
          bundle: manifest.display_name ?? manifest.name,
          count: names.length,
          a: names[0] ?? '',
          b: names[1] ?? '',
          c: names[2] ?? '',
          names: names.join(' and '),
          platform: PLATFORM_NAMES[platform] ?? platform,
        },
      });
    }
    await mkdir(bundlesDir, { recursive: true, mode: 0o700 });
    const staging = stagingFolder(bundlesDir);
    try {
      await mkdir(staging, { recursive: true, mode: 0o700 });
      // The library reads a file: give it our own copy, so what is verified is exactly what is unpacked.
      const copy = join(staging, 'bundle.mcpb');
      await writeFile(copy, bytes, { mode: 0o600 });
      const signature = await signatureOf(copy, pkcs7Signature !== undefined);
      await rm(copy);
      await zip.extractTo(join(staging, 'files'));
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const dir = installFolder(bundlesDir, manifest.name, manifest.version, sha256);
      return { manifest, signature, sha256, staging, dir };
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
  } finally {
    zip.close();
  }
}

/** The manifest of the bundle, validated by the mcpb library's schema for its version. */
async function readManifest(zip: BundleZip): Promise<McpbManifestAny> {
  const raw = await zip.read('manifest.json', MAX_MANIFEST_BYTES);
  if (!raw) throw new HostFault('invalid_input', { id: 'host.bundles.noManifest' });
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HostFault('invalid_input', { id: 'host.bundles.manifestNotJson' });
  }
  const version = manifestVersionOf(json);
  if (!version) {
    throw new HostFault('invalid_input', { id: 'host.bundles.unknownManifestVersion' });
  }
  const parsed = MANIFEST_SCHEMAS[version].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'manifest';
    throw new HostFault('invalid_input', {
      id: 'host.bundles.manifestInvalid',
      values: { where, message: String(issue?.message) },
    });
  }
  return parsed.data as McpbManifestAny;
}

/** The manifest_version (or the older dxt_version) when the library has a schema for it. */
function manifestVersionOf(json: unknown): keyof typeof MANIFEST_SCHEMAS | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const record = json as Record<string, unknown>;
  const version = record.manifest_version ?? record.dxt_version;
  return typeof version === 'string' && Object.hasOwn(MANIFEST_SCHEMAS, version)
    ? (version as keyof typeof MANIFEST_SCHEMAS)
    : undefined;
}

async function signatureOf(file: string, carriesSignature: boolean): Promise<BundleSignature> {
  try {
    const info = await verifyMcpbFile(file);
    if (info.status === 'unsigned') return { status: carriesSignature ? 'invalid' : 'unsigned' };
    return { status: info.status, ...(info.publisher ? { publisher: info.publisher } : {}) };
  } catch {
    return { status: carriesSignature ? 'invalid' : 'unsigned' };
  }
}
