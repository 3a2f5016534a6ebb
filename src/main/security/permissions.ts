// Which web permissions the window may use: copying to the clipboard from the app's own page, and nothing else.
import { originOf } from './origins';

/** A permission request or check as Electron reports it. */
export type PermissionAsk = {
  permission: string;
  /** The requesting frame's URL, or its origin where only that is known. */
  requestingUrl: string | undefined;
  isMainFrame: boolean;
};

/**
 * Permissions the app itself uses: the copy buttons write text with `navigator.clipboard.writeText`.
 * Reading the clipboard, notifications, media, location, devices, fullscreen, external protocols and
 * everything else are denied.
 */
const APP_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Whether to grant `ask`: only a permission the app uses, asked by the app's own main frame on `appOrigin`. */
export function permissionAllowed(ask: PermissionAsk, appOrigin: string): boolean {
  return ask.isMainFrame && APP_PERMISSIONS.has(ask.permission) && originOf(ask.requestingUrl) === appOrigin;
}
