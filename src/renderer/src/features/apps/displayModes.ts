// How an app view may be shown (inline, full screen, picture-in-picture) and how tall it may grow.
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';

/** Every mode Switchboard can show a view in. */
export const HOST_DISPLAY_MODES: readonly McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip'];

/** An inline view is never shorter or taller than this, whatever it reports. */
export const MIN_INLINE_HEIGHT = 48;
export const MAX_INLINE_HEIGHT = 720;
/** Until a view reports its size. */
export const INITIAL_INLINE_HEIGHT = 160;
export const PIP_SIZE = { width: 380, height: 260 } as const;

/**
 * The mode a view gets when it asks for `requested`: granted when the host has it and the view
 * declared it (or declared nothing); otherwise it stays in `current`.
 */
export function resolveDisplayMode(
  requested: McpUiDisplayMode,
  current: McpUiDisplayMode,
  appModes: readonly McpUiDisplayMode[] | undefined,
): McpUiDisplayMode {
  if (!HOST_DISPLAY_MODES.includes(requested)) return current;
  if (appModes && appModes.length > 0 && !appModes.includes(requested)) return current;
  return requested;
}

/** The height an inline view gets for the height it reports; nonsense keeps `current`. */
export function clampViewHeight(reported: number | undefined, current: number): number {
  if (reported === undefined || !Number.isFinite(reported)) return current;
  return Math.min(MAX_INLINE_HEIGHT, Math.max(MIN_INLINE_HEIGHT, Math.ceil(reported)));
}
