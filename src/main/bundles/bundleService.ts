// Bundles the person opens: each is checked and unpacked once, then installed with their user_config values.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { BundleView } from '../../shared/bundles';
import type { BringInResult } from '../../shared/registry';
import type { ServerProposals } from '../bringIn/proposals';
import { HostFault, messageOf } from '../errors';
import { checkRuntime, missingRuntimeText } from '../registry/runtimeCheck';
import type { BundleValues } from './bundleEntry';
import type { UnpackedBundle } from './bundleFile';
import { MAX_BUNDLE_BYTES } from './limits';

/** The bundle library brings its whole toolchain, so it is loaded with the first bundle rather than at start. */
const bundleCode = async () => ({ ...(await import('./bundleFile')), ...(await import('./bundleEntry')) });

type Opened = UnpackedBundle & { source: string };

export type BundleDeps = { bundlesDir: string; proposals: ServerProposals };

export class BundleService {
  private readonly opened = new Map<string, Opened>();

  constructor(private readonly deps: BundleDeps) {}

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
          ? `There is no file at ${path}. Check the path and try again.`
          : `Could not read ${path}: ${messageOf(error)}`,
      );
    }
    if (bytes.byteLength > MAX_BUNDLE_BYTES)
      throw new HostFault('too_large', 'The bundle is larger than 256 MiB, so it was not opened.');
    return this.openBytes(bytes, `bundle — ${tildePath(path)}`);
  }

  /** Checks and unpacks `bytes`; `source` says where they came from, in plain words. */
  async openBytes(bytes: Buffer, source: string): Promise<BundleView> {
    const { unpackBundle, bundleFields } = await bundleCode();
    const unpacked = await unpackBundle(bytes, this.deps.bundlesDir);
    const id = randomUUID();
    this.opened.set(id, { ...unpacked, source });
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
    if (!opened) throw new HostFault('not_found', 'That bundle is no longer open. Open it again.');
    const { planBundle } = await bundleCode();
    const plan = await planBundle(opened.manifest, opened.dir, values, serverName);
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
    this.opened.delete(id);
    const runtime = await checkRuntime(plan.entry.command);
    return {
      ...result,
      notes: [...plan.notes, ...(runtime.found ? [] : [missingRuntimeText(plan.entry.command)])],
    };
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
