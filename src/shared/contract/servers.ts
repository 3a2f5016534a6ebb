// The commands and events of running servers and their tools: start, stop, logs, wire, sign-in, icons, tool calls.
import { z } from 'zod';
import { serverNameSchema } from '../configSchema';
import type { ServerUpdate } from '../serverUpdate';
import type { LogEntry, ServerView, SignInPrompt, ToolCallResult, WireEntry } from '../types';
import { LOG_LEVELS } from '../types';
import { serverArg } from './args';
import { command, event } from './spec';

export const commands = {
  'servers.list': command(z.strictObject({})).returns<ServerView[]>(),
  'servers.start': command(serverArg).returns<null>(),
  'servers.stop': command(serverArg).returns<null>(),
  'servers.restart': command(serverArg).returns<null>(),
  'servers.logs': command(serverArg).returns<LogEntry[]>(),
  'servers.wire': command(serverArg).returns<WireEntry[]>(),
  /** Sends this page `server.wire` events for the server (a Protocol tab is open). */
  'servers.subscribeWire': command(serverArg).returns<null>(),
  'servers.unsubscribeWire': command(serverArg).returns<null>(),
  'servers.setLogLevel': command(
    z.strictObject({ server: serverNameSchema, level: z.enum(LOG_LEVELS) }),
  ).returns<null>(),
  /** Prepares a remote server's sign-in and answers what the person confirms before its page opens. */
  'servers.signIn': command(serverArg).returns<SignInPrompt | null>(),
  /** Opens the waiting sign-in page in the browser where the host can (Electron); false: the page opens it. */
  'servers.openSignIn': command(serverArg).returns<boolean>(),
  'servers.cancelSignIn': command(serverArg).returns<null>(),
  /** Revokes (where supported) and forgets a remote server's tokens. */
  'servers.signOut': command(serverArg).returns<null>(),
  /** One icon the server declared, as a checked data: URI; null when it may not be shown (see the server's log). */
  'icons.resolve': command(
    z.strictObject({ server: serverNameSchema, src: z.string().min(1).max(2_000_000) }),
  ).returns<string | null>(),
  /**
   * Runs a tool by hand; with `callId` its progress arrives as `tool.progress` and `tools.cancel` can stop it.
   * With `preview`, large texts and data come as their start and an id for `payloads.read` (see `ContentBlock`).
   */
  'tools.call': command(
    z.strictObject({
      server: serverNameSchema,
      tool: z.string().min(1),
      args: z.record(z.string(), z.json()),
      callId: z.string().min(1).max(100).optional(),
      preview: z.boolean().optional(),
    }),
  ).returns<ToolCallResult>(),
  /** Cancels a `tools.call` still running (the server is sent `notifications/cancelled`). */
  'tools.cancel': command(z.strictObject({ callId: z.string().min(1).max(100) })).returns<null>(),
};

export const events = {
  /** One server's whole view changed (state, info or lists). Pages get it as `server.updated`. */
  'server.changed': event<ServerView>(),
  /**
   * `server.changed` as a page gets it: whole the first time, then without the lists that did not change
   * since the last one this page got (see `applyServerUpdate`). Only the page link sends it.
   */
  'server.updated': event<ServerUpdate>(),
  /** A server left the config. */
  'server.removed': event<{ name: string }>(),
  /** New log lines, batched. */
  'server.log': event<{ server: string; entries: LogEntry[] }>(),
  /** New wire frames, batched; only to pages that subscribed (`servers.subscribeWire`). */
  'server.wire': event<{ server: string; entries: WireEntry[] }>(),
  /** Progress of a tool run by hand (`tools.call` with a `callId`). */
  'tool.progress': event<{ callId: string; progress: number; total?: number; message?: string }>(),
};
