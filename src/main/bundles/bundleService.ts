// Bundles the person opens: each is checked and unpacked once into staging, then installed with their user_config
// values into a folder of its own that nothing replaces.
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { BundleView } from '../../shared/bundles';
import type { BringInResult } from '../../shared/registry';
import type { ServerProposals } from '../bringIn/proposals';
import { HostFault, messageOf } from '../errors';
import { checkRuntime, missingRuntimeText } from '../registry/runtimeCheck';
import type { BundleValues } from './bundleEntry';
import type { UnpackedBundle } from './bundleFile';
import { placeBundle, sweepStaging } from './bundleFolders';
import { DEFAULT_UNPACK_LIMITS, MAX_BUNDLE_BYTES, type UnpackLimits } from './limits';

/** The bundle library brings its whole toolchain, so it is loaded with the first bundle rather than at start. */
const bundleCode = async () => ({ ...(await import('./bundleFile')), ...(await import('./bundleEntry')) });

type Opened = UnpackedBundle & { source: string };

/** Bundles opened and not installed are kept unpacked for their install form; the oldest go beyond this. */
const MAX_OPENED = 8;

export type BundleDeps = {
  bundlesDir: string;
  proposals: ServerProposals;
  limits?: Partial<UnpackLimits>;
};

export class BundleService {
  private readonly opened = new Map<string, Opened>();

  constructor(private readonly deps: BundleDeps) {}

  /** Removes what bundles opened in earlier runs, and never installed, left in staging. */
  sweep(): Promise<void> {
    return sweepStaging(this.deps.bundlesDir);
  }

  /** Opens the .mcpb file at `path` on this computer. */
  async openFile(path: string): Promise<BundleView> {
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new HostFault(
        code === 'ENOENT' ? 'not_found' : 'invalid_input',
        code === 'ENOENT'
          ? { id: 'host.bundles.noFileAt', values: { path } }
          : { id: 'host.bundles.cannotRead', values: { path, error: messageOf(error) } },
      );
    }
    if (bytes.byteLength > MAX_BUNDLE_BYTES)
      throw new HostFault('too_large', { id: 'host.bundles.tooLarge' });
    return this.openBytes(bytes, `bundle — ${tildePath(path)}`);
  }

  /** Checks and unpacks `bytes`; `source` says where they came from, in plain words. */
  async openBytes(bytes: Buffer, source: string): Promise<BundleView> {
    const { unpackBundle, bundleFields } = await bundleCode();
    const limits = { ...DEFAULT_UNPACK_LIMITS, ...this.deps.limits };
    const unpacked = await unpackBundle(bytes, this.deps.bundlesDir, process.platform, limits);
    const id = randomUUID();
    this.opened.set(id, { ...unpacked, source });
    for (const [oldId, old] of this.opened) {
      if (this.opened.size <= MAX_OPENED) break;
      this.close(oldId, old);
    }
    const { manifest, signature } = unpacked;
    return {
      id,
      source,
      name: manifest.name,
      ...(manifest.display_name ? { displayName: manifest.display_name } : {}),
      version: manifest.version,
      description: manifest.description,
      author: manifest.author.name,
      signature,
      serverType: manifest.server.type,
      suggestedName: plainName(manifest.display_name ?? manifest.name),
      fields: bundleFields(manifest),
    };
  }

  async install(id: string, serverName: string, values: BundleValues): Promise<BringInResult> {
    const opened = this.opened.get(id);
    if (!opened) throw new HostFault('not_found', { id: 'host.bundles.noLongerOpen' });
    const { planBundle } = await bundleCode();
    const plan = await planBundle(opened.manifest, opened.dir, values, serverName);
    // Only now does it get its folder: one of its own, named by its hash, so no approved server's code changes.
    await placeBundle(join(opened.staging, 'files'), opened.dir);
    this.close(id, opened);
    const signed =
      opened.signature.status === 'unsigned' ? 'unsigned' : `signature ${opened.signature.status}`;
    const result = await this.deps.proposals.propose(
      [
        {
          name: serverName,
          entry: plan.entry,
          origin: { route: 'bundle', from: `${opened.source} (${signed})` },
          values: plan.secrets,
        },
      ],
      () => 'rename',
    );
    const runtime = await checkRuntime(plan.entry.command);
    return {
      ...result,
      notes: [...plan.notes, ...(runtime.found ? [] : [missingRuntimeText(plan.entry.command)])],
    };
  }

  private close(id: string, opened: Opened): void {
    this.opened.delete(id);
    // What cannot be removed now goes with the next start's sweep.
    void rm(opened.staging, { recursive: true, force: true }).catch(() => {});
  }
}

function tildePath(path: string): string {
  const home = homedir();
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

function plainName(text: string): string {
  return (
    text
      .replace(/[^\p{L}\p{N} ._-]+/gu, '-')
      .replace(/^[-. ]+|[-. ]+$/g, '')
      .slice(0, 64) || 'bundle'
  );
}
