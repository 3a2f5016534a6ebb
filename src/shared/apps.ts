// MCP Apps, shared by host and renderer: who may call a tool, which tools have views, and what an opened view carries.
import type { ServerEntry, ServerView, ToolView } from './types';

/** Browser features a view may ask for (`_meta.ui.permissions`), named as the extension names them. */
export const APP_PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;
export type AppPermission = (typeof APP_PERMISSIONS)[number];

/** The network sources a view may use, after the host dropped what it does not allow. */
export type AppCsp = {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
};

/** Browser features the person let one view of a server use. */
export type AppPermissionGrant = {
  server: string;
  /** What the server was when granted (its command line or URL): a changed server asks again. */
  serverIdentity: string;
  resourceUri: string;
  permissions: AppPermission[];
  grantedAt: number;
};

/** What `apps.open` answers: everything the renderer needs to show one view in its sandbox. */
export type AppOpened = {
  appId: string;
  /** The sandbox proxy page for this view, on the sandbox origin (never the app's own). */
  frameUrl: string;
  sandboxOrigin: string;
  html: string;
  /** The tool as the server defines it now (the view's `toolInfo`). */
  tool: ToolView;
  csp: AppCsp;
  /** Sources the resource declared that Switchboard does not allow, to show the person. */
  refusedSources: string[];
  permissions: { requested: AppPermission[]; granted: AppPermission[] };
  prefersBorder?: boolean;
};

/** How saving a view's file went: saved where the person chose, cancelled by them, or left to the page to download. */
export type AppSaveOutcome = { outcome: 'saved' | 'cancelled' | 'download'; name: string; size: number };

/** True unless the server's entry turns its app views off. */
export function appsEnabled(entry: ServerEntry): boolean {
  return entry.apps !== false;
}

/** Whether the model may see and call `tool`: its visibility includes `model` (the default). */
export function visibleToModel(tool: ToolView): boolean {
  return tool.ui ? tool.ui.visibility.includes('model') : true;
}

/** Whether an app view of the tool's own server may call `tool`: its visibility includes `app` (the default). */
export function visibleToApp(tool: ToolView): boolean {
  return tool.ui ? tool.ui.visibility.includes('app') : true;
}

/** Only app views may call it (`visibility: ["app"]`): the model never sees it. */
export function isAppOnly(tool: ToolView): boolean {
  return visibleToApp(tool) && !visibleToModel(tool);
}

/** The `ui://` resource of the tool's view, if it has one. */
export function viewResourceOf(tool: ToolView): string | undefined {
  return tool.ui?.resourceUri;
}

/** Whether a call of `tool` should be shown in its view on `server` (it has one and apps are on). */
export function showsView(server: ServerView | undefined, tool: ToolView | undefined): boolean {
  return Boolean(server && tool && appsEnabled(server.entry) && viewResourceOf(tool));
}

/**
 * Whether a view opened for a tool of `viewServer` may call `tool` of `targetServer`: only its own
 * server's tools, and only those visible to apps.
 */
export function appMayCall(viewServer: string, targetServer: string, tool: ToolView | undefined): boolean {
  return viewServer === targetServer && tool !== undefined && visibleToApp(tool);
}
