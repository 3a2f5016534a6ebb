// What a view learns about the app: theme, the extension's CSS variables from our own, locale, size and display mode.
import type {
  McpUiDisplayMode,
  McpUiHostContext,
  McpUiStyles,
  McpUiTheme,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { useSyncExternalStore } from 'react';
import type { ToolView } from '../../../../shared/types';
import { currentLanguage } from '../../i18n/language';
import { HOST_DISPLAY_MODES, MAX_INLINE_HEIGHT } from './displayModes';

const DARK = '(prefers-color-scheme: dark)';

/** The extension's variable → the app's own variable it takes its value from. */
const VARIABLES: Record<string, string> = {
  '--color-background-primary': '--bg',
  '--color-background-secondary': '--bg-subtle',
  '--color-background-tertiary': '--bg-sidebar',
  '--color-background-danger': '--danger-bg',
  '--color-background-warning': '--warning-bg',
  '--color-text-primary': '--fg',
  '--color-text-secondary': '--muted',
  '--color-text-danger': '--danger',
  '--color-text-success': '--success',
  '--color-text-warning': '--warning',
  '--color-text-info': '--info',
  '--color-border-primary': '--border-strong',
  '--color-border-secondary': '--border',
  '--color-ring-primary': '--focus',
  '--font-sans': '--font',
  '--font-mono': '--mono',
  '--shadow-lg': '--shadow',
};

const FIXED: Record<string, string> = {
  '--border-radius-sm': '4px',
  '--border-radius-md': '6px',
  '--border-radius-lg': '10px',
  '--border-width-regular': '1px',
  '--font-weight-normal': '400',
  '--font-weight-medium': '500',
  '--font-weight-bold': '600',
};

function currentTheme(): McpUiTheme {
  return window.matchMedia(DARK).matches ? 'dark' : 'light';
}

function subscribeTheme(changed: () => void): () => void {
  const query = window.matchMedia(DARK);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** The app's theme, which follows the system's light or dark setting. */
export function useAppTheme(): McpUiTheme {
  return useSyncExternalStore(subscribeTheme, currentTheme);
}

/** The extension's style variables with the app's current values. */
export function styleVariables(): McpUiStyles {
  const computed = getComputedStyle(document.documentElement);
  const variables: Record<string, string> = { ...FIXED };
  for (const [name, source] of Object.entries(VARIABLES)) {
    const value = computed.getPropertyValue(source).trim();
    if (value) variables[name] = value;
  }
  return variables as McpUiStyles;
}

export type ContextInputs = {
  tool: ToolView;
  theme: McpUiTheme;
  displayMode: McpUiDisplayMode;
  /** The width the view has, in CSS pixels. */
  width: number;
  /** The height it has in full screen or picture-in-picture; inline it grows up to a maximum. */
  height?: number;
};

/** The whole host context for one view. */
export function hostContext(inputs: ContextInputs): McpUiHostContext {
  const width = Math.max(0, Math.round(inputs.width));
  return {
    toolInfo: { tool: inputs.tool as unknown as NonNullable<McpUiHostContext['toolInfo']>['tool'] },
    theme: inputs.theme,
    styles: { variables: styleVariables() },
    displayMode: inputs.displayMode,
    availableDisplayModes: [...HOST_DISPLAY_MODES],
    containerDimensions:
      inputs.height === undefined
        ? { width, maxHeight: MAX_INLINE_HEIGHT }
        : { width, height: Math.max(0, Math.round(inputs.height)) },
    // The language the person reads Switchboard in, so the view can speak it too.
    locale: currentLanguage().locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: 'Switchboard',
    platform: window.host ? 'desktop' : 'web',
    deviceCapabilities: {
      hover: window.matchMedia('(hover: hover)').matches,
      touch: window.matchMedia('(pointer: coarse)').matches,
    },
  };
}
