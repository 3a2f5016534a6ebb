// What each shortcut does, for the key handler and the command palette.
import { useCallback } from 'react';
import { useHost } from '../../api';
import { actions, type Section, useOpenChat, useTurnRunning } from '../../store';
import { useNewConversation } from '../chat/useConversation';
import type { ShortcutId } from './shortcuts';

const SECTIONS: Partial<Record<ShortcutId, Section>> = {
  'section-chat': 'chat',
  'section-servers': 'servers',
  'section-resources': 'resources',
  'section-roots': 'roots',
  'section-tasks': 'tasks',
};

/** `run(id)` does what the shortcut says; `available(id)` is false where it would do nothing (Stop with no reply). */
export function usePaletteCommands(openPalette: () => void) {
  const host = useHost();
  const openChat = useOpenChat();
  const running = useTurnRunning(openChat ?? '');
  const created = useNewConversation();

  // The call decisions act on the focused card only, so the palette cannot run them.
  const available = useCallback(
    (id: ShortcutId) => (id === 'stop' ? running : id !== 'allow-call' && id !== 'deny-call'),
    [running],
  );

  const run = useCallback(
    (id: ShortcutId) => {
      const section = SECTIONS[id];
      if (section) return actions.sectionSelected(section);
      switch (id) {
        case 'palette':
          return openPalette();
        case 'new-conversation':
          actions.sectionSelected('chat');
          return void created.create();
        case 'search':
          return actions.searchRequested();
        case 'settings':
          return actions.settingsOpened('models');
        case 'stop':
          if (openChat !== null) void host.invoke('chat.stop', { id: openChat }).catch(() => {});
          return;
      }
    },
    [host, openChat, created.create, openPalette],
  );
  return { run, available, error: created.error };
}
