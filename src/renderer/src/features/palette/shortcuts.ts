// The keyboard shortcuts: one list for the key handler, the command palette and Settings → Shortcuts.

export type ShortcutId =
  | 'palette'
  | 'new-conversation'
  | 'search'
  | 'settings'
  | 'section-chat'
  | 'section-servers'
  | 'section-resources'
  | 'section-roots'
  | 'section-tasks'
  | 'stop'
  | 'allow-call'
  | 'deny-call';

/** Which keys: `mod` is Cmd on a Mac and Ctrl elsewhere; digits are matched by `code`, so Shift does not change them. */
export type KeySpec = { key?: string; code?: string; mod?: boolean; shift?: boolean; alt?: boolean };

export type Shortcut = { id: ShortcutId; label: string; keys: KeySpec };

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'palette', label: 'Open the command palette', keys: { key: 'k', mod: true } },
  { id: 'new-conversation', label: 'New conversation', keys: { key: 'o', mod: true, shift: true } },
  { id: 'search', label: 'Search conversations', keys: { key: 'f', mod: true, shift: true } },
  { id: 'settings', label: 'Open Settings', keys: { key: ',', mod: true } },
  { id: 'section-chat', label: 'Show Chat', keys: { code: 'Digit1', mod: true, shift: true } },
  { id: 'section-servers', label: 'Show Servers', keys: { code: 'Digit2', mod: true, shift: true } },
  { id: 'section-resources', label: 'Show Resources', keys: { code: 'Digit3', mod: true, shift: true } },
  { id: 'section-roots', label: 'Show Roots', keys: { code: 'Digit4', mod: true, shift: true } },
  { id: 'section-tasks', label: 'Show Tasks', keys: { code: 'Digit5', mod: true, shift: true } },
  { id: 'stop', label: 'Stop the reply', keys: { key: 'Escape' } },
  { id: 'allow-call', label: 'Allow the focused tool call once', keys: { key: 'y', alt: true } },
  { id: 'deny-call', label: 'Deny the focused tool call', keys: { key: 'n', alt: true } },
];

/** Shortcuts that act where the focus is (a reply, a waiting call), not from anywhere in the window. */
export const IN_PLACE: ReadonlySet<ShortcutId> = new Set(['stop', 'allow-call', 'deny-call']);

export type KeyInput = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** True on a Mac, where `mod` means Cmd. */
export function isMac(platform: string = navigator.platform): boolean {
  return /mac|iphone|ipad/i.test(platform);
}

/** Whether the key event is exactly this shortcut (no extra modifiers). */
export function matches(spec: KeySpec, event: KeyInput, mac: boolean): boolean {
  const mod = mac ? event.metaKey : event.ctrlKey;
  const other = mac ? event.ctrlKey : event.metaKey;
  if (mod !== Boolean(spec.mod) || other) return false;
  if (event.shiftKey !== Boolean(spec.shift) || event.altKey !== Boolean(spec.alt)) return false;
  if (spec.code !== undefined) return event.code === spec.code;
  const key = spec.key?.toLowerCase();
  if (event.key.toLowerCase() === key) return true;
  // With Alt, macOS types a symbol instead of the letter: the key's place counts then.
  return (
    spec.alt === true && key !== undefined && /^[a-z]$/.test(key) && event.code === `Key${key.toUpperCase()}`
  );
}

/** The shortcut the event is, if any. */
export function shortcutFor(event: KeyInput, mac: boolean): Shortcut | undefined {
  return SHORTCUTS.find((shortcut) => matches(shortcut.keys, event, mac));
}

/** "Ctrl+Shift+O" or "⇧⌘O". */
export function keysLabel(spec: KeySpec, mac: boolean): string {
  const key =
    spec.code?.replace(/^Digit/, '') ?? (spec.key === 'Escape' ? 'Esc' : (spec.key ?? '').toUpperCase());
  if (mac) return `${spec.alt ? '⌥' : ''}${spec.shift ? '⇧' : ''}${spec.mod ? '⌘' : ''}${key}`;
  return [spec.mod ? 'Ctrl' : '', spec.alt ? 'Alt' : '', spec.shift ? 'Shift' : '', key]
    .filter(Boolean)
    .join('+');
}
