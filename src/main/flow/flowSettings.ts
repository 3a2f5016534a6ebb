// The person's flow settings, in flow-settings.json: labels they set on tools, and where results are reviewed before the model.
import { z } from 'zod';
import { FLOW_LABELS, type FlowLabel, type LabelOverrides } from '../../shared/flow';
import { HostFault, messageOf } from '../errors';
import { JsonSettingsStore } from '../storage/jsonSettingsStore';

const labelsSchema = z.object({
  privateData: z.boolean().optional(),
  outsideContent: z.boolean().optional(),
  sendsOut: z.boolean().optional(),
  runsCode: z.boolean().optional(),
});
const toolSchema = z.object({
  server: z.string(),
  /** The server's identity when a label was lowered: a lowered label holds for that server only. */
  identity: z.string(),
  tool: z.string(),
  labels: labelsSchema,
  review: z.boolean().optional(),
});
const fileSchema = z.object({
  version: z.literal(1),
  tools: z.array(toolSchema),
  servers: z.array(z.object({ server: z.string(), review: z.boolean() })),
});
type FlowFile = z.infer<typeof fileSchema>;
type ToolSetting = z.infer<typeof toolSchema>;

/** Kept per tool, read by `labelsOf` and the review choice. */
export class FlowSettings {
  private data: FlowFile = { version: 1, tools: [], servers: [] };
  private readonly file: JsonSettingsStore<FlowFile>;

  constructor(path: string, onProblem?: (message: string) => void) {
    this.file = new JsonSettingsStore(path, {
      schema: fileSchema,
      onProblem,
      words: {
        unreadable: (why) =>
          `Could not read your tool labels and review choices (${why}); the rules apply alone.`,
        damaged: (kept) => `Your tool labels and review choices were damaged; the rules apply alone. ${kept}`,
      },
    });
  }

  async load(): Promise<void> {
    this.data = (await this.file.load()) ?? this.data;
  }

  /** The person's labels of `tool`: a raised label always holds, a lowered one only for the server they lowered it on. */
  overrides(server: string, identity: string, tool: string): LabelOverrides {
    const setting = this.find(server, tool);
    if (!setting) return {};
    const out: LabelOverrides = {};
    for (const label of FLOW_LABELS) {
      const value = setting.labels[label];
      if (value === true || (value === false && setting.identity === identity)) out[label] = value;
    }
    return out;
  }

  /** The person's review choice for `tool` alone; undefined when they made none. */
  toolReview(server: string, tool: string): boolean | undefined {
    return this.find(server, tool)?.review;
  }

  /** The person's review choice for every tool of `server`; undefined when they made none. */
  serverReview(server: string): boolean | undefined {
    return this.data.servers.find((item) => item.server === server)?.review;
  }

  /** Sets (true/false) or clears (null) one label of `tool`. */
  async setLabel(
    server: string,
    identity: string,
    tool: string,
    label: FlowLabel,
    value: boolean | null,
  ): Promise<void> {
    const setting = this.find(server, tool) ?? { server, identity, tool, labels: {} };
    const labels = { ...setting.labels };
    if (value === null) delete labels[label];
    else labels[label] = value;
    await this.putTool({ ...setting, identity, labels });
  }

  /** Sets or clears the review choice of a server (`tool` absent) or of one of its tools. */
  async setReview(server: string, tool: string | undefined, value: boolean | null): Promise<void> {
    if (tool === undefined) {
      const servers = this.data.servers.filter((item) => item.server !== server);
      if (value !== null) servers.push({ server, review: value });
      await this.save({ ...this.data, servers });
      return;
    }
    const setting = this.find(server, tool) ?? { server, identity: '', tool, labels: {} };
    const { review: _, ...rest } = setting;
    await this.putTool(value === null ? rest : { ...rest, review: value });
  }

  private find(server: string, tool: string): ToolSetting | undefined {
    return this.data.tools.find((item) => item.server === server && item.tool === tool);
  }

  private async putTool(setting: ToolSetting): Promise<void> {
    const others = this.data.tools.filter(
      (item) => item.server !== setting.server || item.tool !== setting.tool,
    );
    const empty = Object.keys(setting.labels).length === 0 && setting.review === undefined;
    await this.save({ ...this.data, tools: empty ? others : [...others, setting] });
  }

  private async save(next: FlowFile): Promise<void> {
    this.data = next;
    await this.file.save(next).catch((error: unknown) => {
      throw new HostFault('internal', {
        id: 'host.flow.labelsSaveFailed',
        values: { error: messageOf(error) },
      });
    });
  }
}
