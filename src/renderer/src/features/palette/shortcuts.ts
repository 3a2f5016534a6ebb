// The keyboard shortcuts: one list for the key handler, the command palette and Settings → Shortcuts.
import { translate } from '../../i18n';

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

/** `label` is in the page's current language each time it is read. */
export type Shortcut = { readonly id: ShortcutId; readonly label: string; readonly keys: KeySpec };

/** What each shortcut does, in the page's language (`t` from `useT()` in a component). */
export function shortcutLabel(id: ShortcutId, t: (id: string) => string = translate): string {
  switch (id) {
    case 'palette':
      return t('palette.shortcut.palette');
    case 'new-conversation':
      return t('palette.shortcut.newConversation');
    case 'search':
      return t('palette.shortcut.search');
    case 'settings':
      return t('palette.shortcut.settings');
    case 'section-chat':
      return t('palette.shortcut.sectionChat');
    case 'section-servers':
      return t('palette.shortcut.sectionServers');
    case 'section-resources':
      return t('palette.shortcut.sectionResources');
    case 'section-roots':
      return t('palette.shortcut.sectionRoots');
    case 'section-tasks':
      return t('palette.shortcut.sectionTasks');
    case 'stop':
      return t('palette.shortcut.stop');
    case 'allow-call':
      return t('palette.shortcut.allowCall');
    case 'deny-call':
      return t('palette.shortcut.denyCall');
  }
}

function shortcut(id: ShortcutId, keys: KeySpec): Shortcut {
  return {
    id,
    keys,
    get label() {
      return shortcutLabel(id);
    },
  };
}

export const SHORTCUTS: readonly Shortcut[] = [
  shortcut('palette', { key: 'k', mod: true }),
  shortcut('new-conversation', { key: 'o', mod: true, shift: true }),
  shortcut('search', { key: 'f', mod: true, shift: true }),
  shortcut('settings', { key: ',', mod: true }),
  shortcut('section-chat', { code: 'Digit1', mod: true, shift: true }),
  shortcut('section-servers', { code: 'Digit2', mod: true, shift: true }),
  shortcut('section-resources', { code: 'Digit3', mod: true, shift: true }),
  shortcut('section-roots', { code: 'Digit4', mod: true, shift: true }),
  shortcut('section-tasks', { code: 'Digit5', mod: true, shift: true }),
  shortcut('stop', { key: 'Escape' }),
  shortcut('allow-call', { key: 'y', alt: true }),
  shortcut('deny-call', { key: 'n', alt: true }),
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
