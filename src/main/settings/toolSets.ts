// The `toolSets` of config.json: named choices of servers and tools, one of them the default for new conversations.
import type { ToolSelection, ToolSet } from '../../shared/chat';
import { firstIssueWords, toolSetsSchema } from '../../shared/configSchema';
import { startingSelection } from '../../shared/toolSelection';
import type { ConfigStore } from '../config/configStore';
import { HostFault } from '../errors';

export class ToolSetSettings {
  constructor(private readonly config: ConfigStore) {}

  /** The sets as config.json holds them now (none when it has none or is invalid). */
  list(): ToolSet[] {
    return this.config.current.toolSets ?? [];
  }

  /** What a new conversation starts with: the default set's choice, or every server's tools. */
  starting(): ToolSelection {
    return startingSelection(this.list());
  }

  /** Replaces every set, on config.json as it is now; names must differ and at most one set is the default. */
  async save(sets: ToolSet[]): Promise<ToolSet[]> {
    const checked = toolSetsSchema.safeParse(sets);
    if (!checked.success)
      throw new HostFault(
        'invalid_input',
        firstIssueWords(checked.error) ?? { id: 'host.settings.invalidToolSets' },
      );
    await this.config.update((config) => {
      if (checked.data.length > 0) config.toolSets = checked.data;
      else delete config.toolSets;
    });
    return this.list();
  }
}
