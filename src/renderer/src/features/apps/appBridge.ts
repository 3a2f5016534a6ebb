// One view's AppBridge (ext-apps): the sandbox handshake, and every request of the view handed to the app's rules.
import {
  AppBridge,
  type McpUiDisplayMode,
  type McpUiHostCapabilities,
  type McpUiHostContext,
  type McpUiResourcePermissions,
  PostMessageTransport,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppOpened } from '../../../../shared/apps';
import type { ResourceReadResult } from '../../../../shared/resources';
import type { ContentBlock, LogLevel, ToolCallResult } from '../../../../shared/types';

/** What the app decides for a view; every method is the person's rules, not the view's wishes. */
export type ViewRequests = {
  callTool(name: string, args: Record<string, unknown>): Promise<ToolCallResult>;
  readResource(uri: string): Promise<ResourceReadResult>;
  /** Resolves to whether the person opened the link. */
  openLink(url: string): Promise<boolean>;
  /** Resolves to whether the person saved the files; rejects with the reason when they are refused unseen. */
  downloadFile(contents: readonly unknown[]): Promise<boolean>;
  /** Puts the text in the composer for the person to edit and send; false where there is no conversation. */
  message?(text: string): boolean;
  /** Shows the text as context for the next message ('' takes it back); absent where there is no conversation. */
  modelContext?(text: string): void;
  displayMode(requested: McpUiDisplayMode, appModes: McpUiDisplayMode[] | undefined): McpUiDisplayMode;
  sizeChanged(height: number | undefined): void;
  log(level: LogLevel, text: string): void;
  initialized(): void;
  /** The view asks to be closed. */
  closeRequested(): void;
};

const HOST_INFO = { name: 'Switchboard', version: '0.1.0' };
/** Longest text a view may put into the composer or the model's context. */
const MAX_TEXT = 20_000;

/** The permissions the person granted, in the form the bridge and the sandbox take. */
export function permissionsObject(granted: AppOpened['permissions']['granted']): McpUiResourcePermissions {
  return Object.fromEntries(granted.map((name) => [name, {}])) as McpUiResourcePermissions;
}

/** Only text blocks (and structured content as JSON) become text; anything else makes the request fail. */
function textOf(content: readonly { type: string }[] | undefined, structured?: unknown): string | undefined {
  const parts: string[] = [];
  for (const block of content ?? []) {
    if (block.type !== 'text') return undefined;
    parts.push((block as Extract<ContentBlock, { type: 'text' }>).text);
  }
  if (structured !== undefined) parts.push(JSON.stringify(structured, null, 2));
  return parts.join('\n\n').slice(0, MAX_TEXT);
}

/**
 * A bridge for the proxy frame `frame`, connected and waiting for the proxy to be ready; the
 * view's HTML is handed over once, at the first ready signal.
 */
export async function connectBridge(
  frame: Window,
  opened: AppOpened,
  context: McpUiHostContext,
  requests: ViewRequests,
): Promise<AppBridge> {
  const conversational = requests.message !== undefined && requests.modelContext !== undefined;
  const capabilities: McpUiHostCapabilities = {
    openLinks: {},
    downloadFile: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    ...(conversational
      ? { message: { text: {} }, updateModelContext: { text: {}, structuredContent: {} } }
      : {}),
    sandbox: { permissions: permissionsObject(opened.permissions.granted), csp: opened.csp },
  };
  const bridge = new AppBridge(null, HOST_INFO, capabilities, { hostContext: context });

  let handedOver = false;
  bridge.addEventListener('sandboxready', () => {
    if (handedOver) return;
    handedOver = true;
    void bridge.sendSandboxResourceReady({
      html: opened.html,
      csp: opened.csp,
      permissions: permissionsObject(opened.permissions.granted),
    });
  });
  bridge.addEventListener('initialized', () => requests.initialized());
  bridge.addEventListener('sizechange', ({ height }) => requests.sizeChanged(height));
  bridge.addEventListener('requestteardown', () => requests.closeRequested());
  bridge.addEventListener('loggingmessage', ({ level, data }) =>
    requests.log(level, typeof data === 'string' ? data : JSON.stringify(data)),
  );

  bridge.oncalltool = async ({ name, arguments: args }) =>
    (await requests.callTool(name, args ?? {})) as Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
  bridge.onreadresource = async ({ uri }) =>
    (await requests.readResource(uri)) as Awaited<ReturnType<NonNullable<AppBridge['onreadresource']>>>;
  bridge.onopenlink = async ({ url }) => ((await requests.openLink(url)) ? {} : { isError: true });
  bridge.ondownloadfile = async ({ contents }) =>
    (await requests.downloadFile(contents)) ? {} : { isError: true };
  bridge.onrequestdisplaymode = async ({ mode }) => ({
    mode: requests.displayMode(mode, bridge.getAppCapabilities()?.availableDisplayModes),
  });
  bridge.onmessage = async ({ content }) => {
    const text = textOf(content);
    if (!requests.message || !text) return { isError: true };
    return requests.message(text) ? {} : { isError: true };
  };
  bridge.onupdatemodelcontext = async ({ content, structuredContent }) => {
    const text = textOf(content, structuredContent);
    // i18n-ignore: the view's protocol error, answered to the view rather than shown to the person
    if (!requests.modelContext || text === undefined) throw new Error('Only text context is accepted here.');
    requests.modelContext(text);
    return {};
  };

  await bridge.connect(new PostMessageTransport(frame, frame));
  return bridge;
}
