// ARIA tabs: a tablist with arrow-key movement and the one active tabpanel.
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './Tabs.css';

export type TabSpec<T extends string> = { id: T; label: string; render: () => ReactNode };

/** Props of `Tabs`: only the selected panel is mounted. */
export type TabsProps<T extends string> = {
  tabs: TabSpec<T>[];
  selected: T;
  onSelect: (id: T) => void;
  ariaLabel: string;
};

/** Tabs following the WAI-ARIA pattern (automatic activation). */
export function Tabs<T extends string>({ tabs, selected, onSelect, ariaLabel }: TabsProps<T>) {
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const active = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  const tabId = (id: T): string => `${base}-tab-${id}`;
  const panelId = (id: T): string => `${base}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === active?.id);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div className="tabs">
      <div className="tablist" role="tablist" aria-label={ariaLabel} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isActive = tab.id === active?.id;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isActive}
              aria-controls={panelId(tab.id)}
              tabIndex={isActive ? 0 : -1}
              className="tab"
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {active ? (
        <div className="tabpanel" role="tabpanel" id={panelId(active.id)} aria-labelledby={tabId(active.id)}>
          {active.render()}
        </div>
      ) : null}
    </div>
  );
}
