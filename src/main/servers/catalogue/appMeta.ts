// The MCP Apps extension as the host declares it and reads it: the capability, and a tool's view and visibility.
import type { ClientCapabilities, Tool } from '@modelcontextprotocol/client';
import {
  getToolUiResourceUri,
  isToolVisibilityAppOnly,
  RESOURCE_MIME_TYPE,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { EXTENSION_ID } from '@modelcontextprotocol/ext-apps/server';
import { appsEnabled } from '../../../shared/apps';
import type { ServerEntry, ToolAudience, ToolView } from '../../../shared/types';

/** The MIME type of an app view's HTML (`text/html;profile=mcp-app`). */
export const APP_MIME_TYPE = RESOURCE_MIME_TYPE;

/** Merge into the client capabilities: the host shows `text/html;profile=mcp-app` views. */
export const APPS_CAPABILITY = {
  extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } },
} as const satisfies ClientCapabilities;

/** The capabilities for one server: without the apps extension when its entry turns apps off. */
export function capabilitiesFor(
  entry: ServerEntry,
  base: ClientCapabilities | undefined,
): ClientCapabilities {
  const capabilities = { ...base };
  if (appsEnabled(entry) || !capabilities.extensions) return capabilities;
  const { [EXTENSION_ID]: _apps, ...others } = capabilities.extensions;
  if (Object.keys(others).length > 0) capabilities.extensions = others;
  else delete capabilities.extensions;
  return capabilities;
}

const AUDIENCES: readonly ToolAudience[] = ['model', 'app'];

/**
 * The tool as the host keeps it, with its `_meta.ui` read: the view's `ui://` URI (a URI that is not
 * `ui://` is reported through `problem` and ignored) and who may call it (`["model", "app"]` unless
 * the server narrows it).
 */
export function withToolUi(raw: Tool, problem: (text: string) => void): ToolView {
  const tool = raw as unknown as ToolView;
  let resourceUri: string | undefined;
  try {
    resourceUri = getToolUiResourceUri(raw);
  } catch {
    problem(`The tool ${raw.name} names a view that is not a ui:// resource; it is shown without one.`);
  }
  const declared = visibilityOf(raw);
  if (resourceUri === undefined && declared === undefined) return stripUi(tool);
  return { ...tool, ui: { ...(resourceUri ? { resourceUri } : {}), visibility: declared ?? [...AUDIENCES] } };
}

function visibilityOf(raw: Tool): ToolAudience[] | undefined {
  if (isToolVisibilityAppOnly(raw)) return ['app'];
  const value = (raw._meta?.ui as { visibility?: unknown } | undefined)?.visibility;
  if (!Array.isArray(value)) return undefined;
  return AUDIENCES.filter((audience) => value.includes(audience));
}

/** A server cannot smuggle its own `ui` field past the host's reading of `_meta`. */
function stripUi(tool: ToolView): ToolView {
  if (!('ui' in tool)) return tool;
  const { ui: _ignored, ...rest } = tool;
  return rest;
}
