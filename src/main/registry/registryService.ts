// Browse servers: searches the registry, shows its entries as text, and installs one option through the approval gate.

import type { BundleView } from '../../shared/bundles';
import { formatHostText } from '../../shared/hostText';
import type {
  BringInResult,
  InstallChoice,
  InstallPreview,
  RegistryOption,
  RegistryPage,
  RegistryServerView,
} from '../../shared/registry';
import type { ServerProposals } from '../bringIn/proposals';
import type { BundleService } from '../bundles/bundleService';
import { HostFault } from '../errors';
import type { IconResolver } from '../icons/iconResolver';
import { downloadBundle } from './bundleDownload';
import { chosen, installFields, planInstall, suggestedName } from './installPlan';
import { runtimeOf, unsupportedText } from './packageCommand';
import type { RegistryClient, RegistryItem } from './registryClient';
import { checkRuntime, missingRuntimeText } from './runtimeCheck';
import type { ServerJson } from './serverJson';

export type RegistryDeps = {
  client: RegistryClient;
  proposals: ServerProposals;
  icons: IconResolver;
  bundles: BundleService;
};

const MAX_REMEMBERED = 2000;

export class RegistryService {
  /** The entries the person was shown, by name and version: only these can be installed or have icons fetched. */
  private readonly seen = new Map<string, ServerJson>();
  private readonly iconSources = new Set<string>();

  constructor(private readonly deps: RegistryDeps) {}

  async search(query: { search: string; cursor?: string; includeRetired?: boolean }): Promise<RegistryPage> {
    const page = await this.deps.client.list({ search: query.search, cursor: query.cursor });
    const shown = page.items.filter((item) => query.includeRetired || item.status === 'active');
    for (const item of shown) this.remember(item.server);
    return {
      servers: shown.map(viewOf),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      hidden: page.items.length - shown.length,
      unreadable: page.unreadable,
    };
  }

  /** An icon of a shown entry, as a checked data: URI (https and data: only), or null. */
  async icon(src: string): Promise<string | null> {
    if (!this.iconSources.has(src)) return null;
    const outcome = await this.deps.icons.resolve(src);
    return outcome.ok ? outcome.dataUri : null;
  }

  async prepare(
    name: string,
    version: string,
    choice: InstallChoice,
  ): Promise<{ kind: 'entry'; preview: InstallPreview } | { kind: 'bundle'; bundle: BundleView }> {
    const server = await this.server(name, version);
    const option = chosen(server, choice);
    if (option.kind === 'package' && option.pkg.registryType === 'mcpb') {
      const bytes = await downloadBundle(option.pkg.identifier, option.pkg.fileSha256);
      const bundle = await this.deps.bundles.openBytes(
        bytes,
        `MCP registry — ${server.name} ${server.version}`,
      );
      return { kind: 'bundle', bundle };
    }
    const notes: string[] = [];
    if (option.kind === 'package') {
      const unsupported = unsupportedText(option.pkg);
      if (unsupported) throw new HostFault('unsupported', unsupported);
    }
    const command = option.kind === 'package' ? runtimeOf(option.pkg) : undefined;
    const runtime = command ? await checkRuntime(command) : undefined;
    if (runtime && !runtime.found) notes.push(missingRuntimeText(runtime.command));
    let entry: InstallPreview['entry'];
    try {
      entry = planInstall(server, choice, {}, suggestedName(server)).entry;
    } catch {
      // Required values are still missing: the entry is shown once they are filled in.
    }
    return {
      kind: 'entry',
      preview: {
        suggestedName: suggestedName(server),
        fields: installFields(server, choice),
        ...(entry ? { entry } : {}),
        ...(runtime ? { runtime } : {}),
        notes,
      },
    };
  }

  async install(request: {
    name: string;
    version: string;
    choice: InstallChoice;
    serverName: string;
    values: Readonly<Record<string, string>>;
  }): Promise<BringInResult> {
    const server = await this.server(request.name, request.version);
    const plan = planInstall(server, request.choice, request.values, request.serverName);
    const result = await this.deps.proposals.propose(
      [
        {
          name: request.serverName,
          entry: plan.entry,
          origin: { route: 'registry', from: `MCP registry — ${server.name} ${server.version}` },
          values: plan.secrets,
        },
      ],
      () => 'rename',
    );
    const notes = [...plan.notes];
    const command = 'command' in plan.entry ? plan.entry.command : undefined;
    if (command) {
      const runtime = await checkRuntime(command);
      if (!runtime.found) notes.push(missingRuntimeText(command));
    }
    return { ...result, notes };
  }

  /** A shown entry, or the registry's copy of it when this run has not shown it (a search from another window). */
  private async server(name: string, version: string): Promise<ServerJson> {
    const known = this.seen.get(key(name, version));
    if (known) return known;
    const item = await this.deps.client.version(name, version);
    this.remember(item.server);
    return item.server;
  }

  private remember(server: ServerJson): void {
    if (this.seen.size >= MAX_REMEMBERED) this.seen.clear();
    this.seen.set(key(server.name, server.version), server);
    for (const icon of server.icons ?? []) this.iconSources.add(icon.src);
  }
}

function key(name: string, version: string): string {
  return JSON.stringify([name, version]);
}

/** What the window shows of an entry: text, https links only, the icons it may ask for, and each way to run it. */
function viewOf(item: RegistryItem): RegistryServerView {
  const { server } = item;
  const options: RegistryOption[] = [
    ...(server.packages ?? []).map((pkg, index) => {
      const text = unsupportedText(pkg);
      return {
        kind: 'package' as const,
        index,
        type: pkg.registryType,
        identifier: pkg.identifier,
        ...(pkg.version ? { version: pkg.version } : {}),
        ...(text ? { unsupported: formatHostText(text), unsupportedText: text } : {}),
      };
    }),
    ...(server.remotes ?? []).map((remote, index) => ({
      kind: 'remote' as const,
      index,
      type: remote.type,
      identifier: remote.url,
    })),
  ];
  return {
    name: server.name,
    version: server.version,
    ...(server.title ? { title: server.title } : {}),
    description: server.description,
    status: item.status,
    ...(httpsUrl(server.repository?.url) ? { repositoryUrl: server.repository?.url } : {}),
    ...(httpsUrl(server.websiteUrl) ? { websiteUrl: server.websiteUrl } : {}),
    icons: (server.icons ?? [])
      .filter((icon) => /^(https|data):/i.test(icon.src))
      .map((icon) => ({
        src: icon.src,
        ...(icon.mimeType ? { mimeType: icon.mimeType } : {}),
        ...(icon.theme ? { theme: icon.theme } : {}),
      })),
    options,
  };
}

function httpsUrl(text: string | undefined): boolean {
  if (!text) return false;
  try {
    return new URL(text).protocol === 'https:';
  } catch {
    return false;
  }
}
