// The keyboard shortcuts of a waiting call's decision, from the window's one list of shortcuts.
import { isMac, type KeyInput, matches, SHORTCUTS } from '../palette/shortcuts';

const ALLOW = SHORTCUTS.find((shortcut) => shortcut.id === 'allow-call')!.keys;
const DENY = SHORTCUTS.find((shortcut) => shortcut.id === 'deny-call')!.keys;

/** Alt+Y allows once, Alt+N denies: the focused decision's shortcuts. */
export function shortcutOf(event: KeyInput, mac = isMac()): 'once' | 'deny' | undefined {
  if (matches(ALLOW, event, mac)) return 'once';
  if (matches(DENY, event, mac)) return 'deny';
  return undefined;
}
