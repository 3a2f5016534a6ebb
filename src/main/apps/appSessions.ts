// The app views open in the window: what each may do on its own server, with the person deciding every tool call.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AppOpened,
  type AppPermission,
  type AppSaveOutcome,
  appMayCall,
  appsEnabled,
  viewResourceOf,
} from '../../shared/apps';
import type { ToolCallView } from '../../shared/chat';
import type { ResourceReadResult } from '../../shared/resources';
import type { Json, LogLevel, ToolCallResult, ToolView } from '../../shared/types';
import type { ConsentRoom } from '../consent/consentRoom';
import { HostFault } from '../errors';
import { readAppResource } from '../servers/catalogue/appResources';
import { readResource } from '../servers/catalogue/resources';
import type { ServerConnection } from '../servers/session/connection';
import { runToolCall, type ToolCallDeps } from '../tools/toolCalls';
import { serverIdentity } from '../trust/identity';
import type { AppPermissionStore } from './appPermissions';
import { buildViewPolicy, grantedPermissions, readViewMeta } from './viewCsp';
import { type SaveFile, saveViewFile } from './viewFiles';
import type { AppViewHosting } from './viewHosting';
import type { ViewTools, ViewToolsSet } from './viewTools';

export type AppSessionDeps = {
  calls: ToolCallDeps;
  /** Ends what the person allowed a view's calls once the view is gone. */
  grants: Pick<ConsentRoom, 'endView'>;
  permissions: AppPermissionStore;
  /** Where views are served; undefined until the entry has started its sandbox. */
  hosting: () => AppViewHosting | undefined;
  /** The tools open views offer the model. */
  viewTools: ViewTools;
  /** The app's save dialog; absent in browser mode, where the page downloads what the host checked. */
  saveFile?: SaveFile;
};

type Session = {
  id: string;
  server: string;
  /** The tool whose view this is. */
  tool: string;
  resourceUri: string;
  conversationId?: string;
  controller: AbortController;
  calls: number;
  logLines: number;
};

/** Views kept open at once; beyond this the oldest is closed (a reloaded page cannot close its own). */
const MAX_SESSIONS = 128;
/** Tool calls one view may have waiting or running at once. */
const MAX_CALLS = 3;
const MAX_LOG_LINES = 200;
const MAX_LOG_TEXT = 1000;

export class AppSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly deps: AppSessionDeps) {}

  /** Reads the view of `tool` and prepares its sandbox page; the renderer then loads `frameUrl`. */
  async open(input: { server: string; tool: string; conversationId?: string }): Promise<AppOpened> {
    const connection = this.deps.calls.servers.get(input.server);
    this.requireApps(connection);
    await connection.listsSettled();
    const tool = connection.view().tools.find((candidate) => candidate.name === input.tool);
    const uri = tool && viewResourceOf(tool);
    if (!tool || !uri)
      throw new HostFault('not_found', {
        id: 'host.apps.toolHasNoView',
        values: { tool: input.tool, server: input.server },
      });
    const hosting = this.deps.hosting();
    if (!hosting) {
      throw new HostFault('unsupported', { id: 'host.apps.noSandbox' });
    }
    const resource = await readAppResource(connection, uri);
    const meta = readViewMeta(resource.meta, resource.listingMeta);
    const policy = buildViewPolicy(meta.csp, {
      hostOrigin: hosting.hostOrigin,
      forbiddenOrigins: [hosting.hostOrigin, hosting.sandboxOrigin],
    });
    const allowed = this.deps.permissions.allowed(input.server, serverIdentity(connection.entry), uri);
    const granted = grantedPermissions(meta.permissions, allowed);
    this.evictOldest();
    const id = randomBytes(18).toString('base64url');
    hosting.register(id, policy.header);
    this.sessions.set(id, {
      id,
      server: input.server,
      tool: tool.name,
      resourceUri: uri,
      conversationId: input.conversationId,
      controller: new AbortController(),
      calls: 0,
      logLines: 0,
    });
    connection.note('info', describeOpen(tool.name, uri, policy.csp, policy.refused, granted));
    return {
      appId: id,
      frameUrl: `${hosting.sandboxOrigin}/view/${id}`,
      sandboxOrigin: hosting.sandboxOrigin,
      html: resource.html,
      tool,
      csp: policy.csp,
      refusedSources: policy.refused,
      permissions: { requested: meta.permissions, granted },
      ...(meta.prefersBorder === undefined ? {} : { prefersBorder: meta.prefersBorder }),
    };
  }

  /**
   * A `tools/call` from a view: only a tool of the view's own server that is visible to apps, and
   * only after the person allows it (or a grant covers it). A declined call answers `isError`.
   */
  async callTool(input: {
    appId: string;
    name: string;
    args: Record<string, Json>;
  }): Promise<ToolCallResult> {
    const session = this.require(input.appId);
    const connection = this.deps.calls.servers.get(session.server);
    this.requireApps(connection);
    await connection.listsSettled();
    const tool = connection.view().tools.find((candidate) => candidate.name === input.name);
    if (!appMayCall(session.server, session.server, tool)) {
      connection.note(
        'warning',
        `The view of ${session.tool} tried to call ${JSON.stringify(input.name)}, which it may not; refused.`,
      );
      throw tool
        ? new HostFault('forbidden', { id: 'host.apps.notOfferedToViews', values: { tool: input.name } })
        : new HostFault('not_found', {
            id: 'host.apps.ownServerOnly',
            values: { server: session.server, tool: input.name },
          });
    }
    if (session.calls >= MAX_CALLS) {
      throw new HostFault('forbidden', { id: 'host.apps.tooManyCalls', values: { count: MAX_CALLS } });
    }
    const card: ToolCallView = {
      id: randomUUID(),
      server: session.server,
      tool: input.name,
      name: input.name,
      args: input.args,
      status: 'waiting',
    };
    session.calls += 1;
    try {
      const finished = await runToolCall(
        this.deps.calls,
        { server: session.server, tool: input.name },
        card,
        {
          conversationId: session.conversationId ?? '',
          signal: session.controller.signal,
          viaView: session.tool,
          viewId: session.id,
          update: () => {},
        },
      );
      if (finished.status === 'done' && finished.result) return finished.result;
      if (finished.status === 'denied')
        return { content: [{ type: 'text', text: 'The person declined this call.' }], isError: true };
      if (finished.status === 'cancelled')
        throw new HostFault('cancelled', { id: 'host.apps.callCancelled' });
      throw new HostFault('server_error', finished.error ?? { id: 'host.apps.callFailed' });
    } finally {
      session.calls -= 1;
    }
  }

  /** A `resources/read` from a view: only its own server's resources. */
  readResource(input: { appId: string; uri: string }): Promise<ResourceReadResult> {
    const session = this.require(input.appId);
    const connection = this.deps.calls.servers.get(session.server);
    this.requireApps(connection);
    return readResource(connection, input.uri);
  }

  /** A view's log line, into its server's log (capped, so a chatty view cannot flood it). */
  log(input: { appId: string; level: LogLevel; text: string }): void {
    const session = this.sessions.get(input.appId);
    if (!session || session.logLines > MAX_LOG_LINES) return;
    session.logLines += 1;
    const connection = this.deps.calls.servers.get(session.server);
    if (session.logLines > MAX_LOG_LINES) {
      connection.note('notice', `The view of ${session.tool} logs too much; its further lines are dropped.`);
      return;
    }
    connection.note(input.level, `View of ${session.tool}: ${input.text.slice(0, MAX_LOG_TEXT)}`);
  }

  /** A file the view offered and the person chose to save: checked again, then saved (or left to the page to download). */
  async saveFile(input: { appId: string; name: string; data: string }): Promise<AppSaveOutcome> {
    const session = this.require(input.appId);
    const outcome = await saveViewFile(input, this.deps.saveFile);
    const done = { saved: 'was saved', cancelled: 'was not saved (cancelled)', download: 'was downloaded' };
    this.noteOn(
      session.server,
      'info',
      `A file from the view of ${session.tool}, ${JSON.stringify(outcome.name)} (${outcome.size} bytes), ${done[outcome.outcome]}.`,
    );
    return outcome;
  }

  /** The tools the view offers the model now (only within a conversation); logged in its server's log. */
  setTools(input: { appId: string; tools: ToolView[] }): ViewToolsSet {
    const session = this.require(input.appId);
    if (!session.conversationId) return { offered: [], refused: input.tools.map((tool) => tool.name) };
    const outcome = this.deps.viewTools.set(
      {
        appId: session.id,
        server: session.server,
        viewOf: session.tool,
        conversationId: session.conversationId,
      },
      input.tools,
    );
    const refused = outcome.refused.length > 0 ? ` Refused: ${outcome.refused.join(', ')}.` : '';
    this.noteOn(
      session.server,
      outcome.refused.length > 0 ? 'warning' : 'info',
      `The view of ${session.tool} offers the model ${outcome.offered.length} tools: ${outcome.offered.join(', ') || 'none'}.${refused}`,
    );
    return outcome;
  }

  /** What the person let the view `resourceUri` of `server` use; the view must be opened again to get it. */
  async setPermissions(input: {
    server: string;
    resourceUri: string;
    permissions: AppPermission[];
  }): Promise<void> {
    const connection = this.deps.calls.servers.get(input.server);
    await this.deps.permissions.set(
      input.server,
      serverIdentity(connection.entry),
      input.resourceUri,
      input.permissions,
    );
  }

  /** The view is gone from the window: its waiting calls are cancelled and its page is no longer served. */
  close(input: { appId: string; reason: string; confirmed: boolean }): void {
    const session = this.sessions.get(input.appId);
    if (!session) return;
    this.end(session);
    this.sessions.delete(session.id);
    const confirmed = input.confirmed ? '; it confirmed the teardown' : '';
    this.noteOn(
      session.server,
      'info',
      `The view of ${session.tool} was closed (${input.reason})${confirmed}.`,
    );
  }

  /** Cancels what the views of a conversation are waiting for (it was deleted); they close when the window lets go. */
  endConversation(conversationId: string): void {
    for (const session of this.sessions.values()) {
      if (session.conversationId === conversationId) this.end(session);
    }
  }

  /** Closes every view, e.g. when the window closes. */
  closeAll(): void {
    for (const session of this.sessions.values()) this.end(session);
    this.sessions.clear();
  }

  private evictOldest(): void {
    while (this.sessions.size >= MAX_SESSIONS) {
      const oldest = this.sessions.values().next().value;
      if (!oldest) return;
      this.close({ appId: oldest.id, reason: 'too many views were open', confirmed: false });
    }
  }

  private end(session: Session): void {
    session.controller.abort();
    this.deps.viewTools.end(session.id);
    this.deps.grants.endView(session.id);
    this.deps.hosting()?.unregister(session.id);
  }

  private require(appId: string): Session {
    const session = this.sessions.get(appId);
    if (!session || session.controller.signal.aborted) {
      throw new HostFault('not_found', { id: 'host.apps.viewClosed' });
    }
    return session;
  }

  private requireApps(connection: ServerConnection): void {
    if (!appsEnabled(connection.entry)) {
      throw new HostFault('forbidden', { id: 'host.apps.viewsOff', values: { name: connection.name } });
    }
  }

  private noteOn(server: string, level: LogLevel, text: string): void {
    try {
      this.deps.calls.servers.get(server).note(level, text);
    } catch {
      // The server left the config meanwhile; there is no log to write to.
    }
  }
}

function describeOpen(
  tool: string,
  uri: string,
  csp: AppOpened['csp'],
  refused: string[],
  granted: AppPermission[],
): string {
  const list = (sources: string[]) => (sources.length > 0 ? sources.join(' ') : 'none');
  return [
    `Opened the view ${uri} of ${tool}.`,
    `Network: ${list(csp.connectDomains)}; resources: ${list(csp.resourceDomains)}; frames: ${list(csp.frameDomains)}.`,
    refused.length > 0 ? `Refused sources: ${refused.join(' ')}.` : '',
    granted.length > 0 ? `Permissions: ${granted.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
