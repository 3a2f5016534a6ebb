// What a server's tools look like to the host and the renderer, and the content a tool call returns.
import type { Truncated } from './payloads';
import type { Icon, Json } from './types';

export type ToolAnnotations = {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

/** Who may call a tool: the model, the app views of its own server, or both (the default). */
export type ToolAudience = 'model' | 'app';

/** What a tool's `_meta.ui` says (the MCP Apps extension), read by the host. */
export type ToolUi = {
  /** The `ui://` resource with the tool's view, when it has one. */
  resourceUri?: string;
  visibility: ToolAudience[];
};

export type ToolView = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { [key: string]: Json };
  outputSchema?: { [key: string]: Json };
  annotations?: ToolAnnotations;
  icons?: Icon[];
  /** Present when the tool declares a view or a visibility. */
  ui?: ToolUi;
};

/**
 * Content blocks a tool result may carry. `truncated` is set only by the host, on a result sent to a page in part:
 * `text`, `data` or the resource's `text` then holds only a start (or nothing), and the whole is fetched by id.
 */
export type ContentBlock =
  | { type: 'text'; text: string; truncated?: Truncated }
  | { type: 'image'; data: string; mimeType: string; truncated?: Truncated }
  | { type: 'audio'; data: string; mimeType: string; truncated?: Truncated }
  | {
      type: 'resource';
      resource: { uri: string; mimeType?: string; text?: string; blob?: string; truncated?: Truncated };
    }
  | {
      type: 'resource_link';
      uri: string;
      name: string;
      title?: string;
      description?: string;
      mimeType?: string;
    };

export type ToolCallResult = {
  content: ContentBlock[];
  structuredContent?: Json;
  /** Set by the host instead of `structuredContent` when that was too large to send whole: its JSON text's start. */
  structuredPreview?: { text: string; truncated: Truncated };
  isError?: boolean;
};
