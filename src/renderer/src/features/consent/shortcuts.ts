// The keyboard shortcuts of a waiting call's decision.

/**
 * Alt+Y allows once, Alt+N denies: the focused decision's shortcuts. The letter typed counts; where
 * Alt makes a symbol instead (macOS), the key's place does.
 */
export function shortcutOf(event: {
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  key: string;
  code: string;
}): 'once' | 'deny' | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  const key = event.key.toLowerCase();
  const letter = /^[a-z]$/.test(key) ? key : event.code.replace(/^Key/, '').toLowerCase();
  if (letter === 'y') return 'once';
  if (letter === 'n') return 'deny';
  return undefined;
}
