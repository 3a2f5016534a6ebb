// The commands of app views (a tool's own interface in a sandbox) and of links the person opens in their browser.
import { z } from 'zod';
import { MAX_VIEW_FILE_BYTES } from '../appFiles';
import { APP_PERMISSIONS, type AppOpened, type AppPermissionGrant, type AppSaveOutcome } from '../apps';
import { serverNameSchema } from '../configSchema';
import { MAX_FILE_NAME } from '../fileNames';
import { LOCALES } from '../languages';
import type { ResourceReadResult } from '../resources';
import type { Json, ToolCallResult } from '../types';
import { LOG_LEVELS } from '../types';
import { serverArg } from './args';
import { command, event } from './spec';

const viewToolSchema = z.strictObject({
  name: z.string().min(1).max(200),
  title: z.string().max(200).optional(),
  description: z.string().max(10_000).optional(),
  inputSchema: z.record(z.string(), z.json()),
});

export const commands = {
  /** Reads a tool's view and prepares its sandbox page. */
  'apps.open': command(
    z.strictObject({
      server: serverNameSchema,
      tool: z.string().min(1),
      conversationId: z.string().min(1).optional(),
    }),
  ).returns<AppOpened>(),
  /** A view's `tools/call`: its own server only, visible to apps only, after consent. */
  'apps.callTool': command(
    z.strictObject({
      appId: z.string().min(1).max(100),
      name: z.string().min(1).max(200),
      args: z.record(z.string(), z.json()),
    }),
  ).returns<ToolCallResult>(),
  /** A view's `resources/read`: its own server only. */
  'apps.readResource': command(
    z.strictObject({ appId: z.string().min(1).max(100), uri: z.string().min(1) }),
  ).returns<ResourceReadResult>(),
  /** A view's log line, for its server's log. */
  'apps.log': command(
    z.strictObject({
      appId: z.string().min(1).max(100),
      level: z.enum(LOG_LEVELS),
      text: z.string().max(10_000),
    }),
  ).returns<null>(),
  /** The view left the window; `confirmed` when it answered the teardown request. */
  'apps.close': command(
    z.strictObject({
      appId: z.string().min(1).max(100),
      reason: z.string().max(200),
      confirmed: z.boolean(),
    }),
  ).returns<null>(),
  /** A file the view offered and the person chose to save: the save dialog (Electron), or a download by the page. */
  'apps.saveFile': command(
    z.strictObject({
      appId: z.string().min(1).max(100),
      name: z.string().max(MAX_FILE_NAME * 4),
      data: z.string().max(Math.ceil(MAX_VIEW_FILE_BYTES / 3) * 4),
    }),
  ).returns<AppSaveOutcome>(),
  /** The tools a view offers the model now (its `tools/list`); what it offered before is replaced. */
  'apps.setTools': command(
    z.strictObject({ appId: z.string().min(1).max(100), tools: z.array(viewToolSchema).max(200) }),
  ).returns<{ offered: string[]; refused: string[] }>(),
  /** A view's answer to a call of one of its tools (text only), or why it failed. */
  'apps.toolAnswer': command(
    z.strictObject({
      appId: z.string().min(1).max(100),
      requestId: z.string().min(1).max(100),
      result: z
        .strictObject({
          content: z
            .array(z.strictObject({ type: z.literal('text'), text: z.string().max(100_000) }))
            .max(100),
          isError: z.boolean().optional(),
        })
        .optional(),
      error: z.string().max(2000).optional(),
    }),
  ).returns<null>(),
  /** What the person lets one view use (camera, microphone …); an empty list takes it all back. */
  'apps.setPermissions': command(
    z.strictObject({
      server: serverNameSchema,
      resourceUri: z.string().min(1),
      permissions: z.array(z.enum(APP_PERMISSIONS)),
    }),
  ).returns<AppPermissionGrant[]>(),
  'apps.permissions': command(serverArg).returns<AppPermissionGrant[]>(),
  /** Open an https link in the person's browser after they confirm. */
  'app.openExternal': command(z.strictObject({ url: z.url({ protocol: /^https$/ }) })).returns<boolean>(),
  /** The language the page shows, for the words the host shows itself (native dialogs, the menu). */
  'app.language': command(z.strictObject({ locale: z.enum(LOCALES) })).returns<null>(),
};

export const events = {
  /** The model calls a tool the view `appId` offers: the page that shows it hands it over and answers with `apps.toolAnswer`. */
  'apps.toolCall': event<{ appId: string; requestId: string; name: string; args: Record<string, Json> }>(),
};
