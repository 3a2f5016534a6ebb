// The command palette (Ctrl/Cmd+K) and the window's keyboard shortcuts: every command with its keys, filtered as you type.
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isComposing } from '../../components/composing';
import { Dialog } from '../../components/Dialog';
import { useT } from '../../i18n';
import { rankFuzzy } from '../prompts/fuzzy';
import {
  IN_PLACE,
  isMac,
  type KeySpec,
  keysLabel,
  SHORTCUTS,
  type ShortcutId,
  shortcutFor,
  shortcutLabel,
} from './shortcuts';
import { usePaletteCommands } from './usePaletteCommands';
import { usePaletteItems } from './usePaletteItems';
import './palette.css';

type PaletteItem = { key: string; label: string; keys?: KeySpec; run: () => void };

/** True when a dialog other than the palette has the window. */
function dialogOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

function Palette({ items, onClose }: { items: PaletteItem[]; onClose: () => void }): ReactNode {
  const t = useT();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const mac = isMac();
  const shown = useMemo(() => rankFuzzy(items, query, (item) => [{ text: item.label }]), [items, query]);
  const current = Math.min(active, shown.length - 1);
  const input = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts at the top
  useEffect(() => setActive(0), [query]);
  // After the dialog opened (its effect runs first) and put the focus on its first button.
  useEffect(() => input.current?.focus(), []);

  const choose = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose();
    item.run();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // An input method's keys (Enter picks a candidate, arrows move in its list) are not the palette's.
    if (isComposing(event)) return;
    const count = shown.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      setActive((current + (event.key === 'ArrowDown' ? 1 : -1) + count) % count);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(shown[current]);
    }
  };
  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <Dialog title={t('palette.title')} onClose={onClose}>
      <div className="palette">
        <input
          ref={input}
          className="palette-input"
          role="combobox"
          aria-label={t('palette.input')}
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          placeholder={t('palette.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="palette-list" role="listbox" id={listId} aria-label={t('palette.list')}>
          {shown.map((item, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keyboard
            <div
              key={item.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className={index === current ? 'palette-option active' : 'palette-option'}
              onMouseMove={() => {
                if (index !== current) setActive(index);
              }}
              onClick={() => choose(item)}
            >
              <span>{item.label}</span>
              {item.keys ? <kbd className="palette-keys">{keysLabel(item.keys, mac)}</kbd> : null}
            </div>
          ))}
          {shown.length === 0 ? <p className="muted palette-none">{t('palette.none', { query })}</p> : null}
        </div>
      </div>
    </Dialog>
  );
}

/** Listens for the shortcuts everywhere in the window and shows the palette on Ctrl/Cmd+K. */
export function CommandPalette(): ReactNode {
  const t = useT();
  const [open, setOpen] = useState(false);
  const openPalette = useCallback(() => setOpen((value) => !value), []);
  const commands = usePaletteCommands(openPalette);
  const more = usePaletteItems();

  useEffect(() => {
    const mac = isMac();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || isComposing(event)) return;
      const shortcut = shortcutFor(event, mac);
      // Stop and the call decisions act where the focus is; the conversation handles them (useEscapeStops, DecisionPanel).
      if (!shortcut || IN_PLACE.has(shortcut.id)) return;
      if (shortcut.id !== 'palette' && dialogOpen()) return;
      event.preventDefault();
      commands.run(shortcut.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [commands.run]);

  const items = useMemo((): PaletteItem[] => {
    const fromShortcuts = SHORTCUTS.filter(
      (shortcut) => shortcut.id !== 'palette' && commands.available(shortcut.id),
    ).map((shortcut) => ({
      key: shortcut.id,
      label: shortcutLabel(shortcut.id, t),
      keys: shortcut.keys,
      run: () => commands.run(shortcut.id as ShortcutId),
    }));
    return [...fromShortcuts, ...more.items];
  }, [t, commands.run, commands.available, more.items]);
  const problem = commands.error ?? more.problem;

  return (
    <>
      {open ? <Palette items={items} onClose={() => setOpen(false)} /> : null}
      {problem ? (
        <p className="palette-problem inline-error" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
