// Puts Browse servers, bundles and install links together for the host: their settings, services and commands.
import { join } from 'node:path';
import type { CommandHandlers } from '../../shared/contract';
import type { RegistryCommandResults } from '../../shared/contract/registry';
import { linkCommands } from '../bringIn/linkCommands';
import type { ServerProposals } from '../bringIn/proposals';
import { bundleCommands } from '../bundles/bundleCommands';
import { BundleService } from '../bundles/bundleService';
import type { UnpackLimits } from '../bundles/limits';
import type { IconResolver } from '../icons/iconResolver';
import { RegistrySettings } from '../settings/registrySettings';
import { RegistryClient } from './registryClient';
import { registryCommands } from './registryCommands';
import { RegistryService } from './registryService';

export type RegistryRoomDeps = {
  dataDir: string;
  proposals: ServerProposals;
  icons: IconResolver;
  onProblem: (message: string) => void;
  pickBundle?: () => Promise<string | null>;
  bundleLimits?: Partial<UnpackLimits>;
};

export class RegistryRoom {
  readonly settings: RegistrySettings;
  private readonly bundles: BundleService;
  readonly commands: Pick<CommandHandlers, keyof RegistryCommandResults>;

  constructor(deps: RegistryRoomDeps) {
    this.settings = new RegistrySettings(join(deps.dataDir, 'registry.json'), deps.onProblem);
    const bundles = new BundleService({
      bundlesDir: join(deps.dataDir, 'bundles'),
      proposals: deps.proposals,
      limits: deps.bundleLimits,
    });
    this.bundles = bundles;
    const registry = new RegistryService({
      client: new RegistryClient(() => this.settings.current),
      proposals: deps.proposals,
      icons: deps.icons,
      bundles,
    });
    this.commands = {
      ...registryCommands(registry, this.settings),
      ...bundleCommands(bundles, deps.pickBundle),
      ...linkCommands(deps.proposals),
    };
  }

  async load(): Promise<void> {
    await Promise.all([this.settings.load(), this.bundles.sweep()]);
  }
}
