// The sidebar: a Chat / Servers switcher over the conversation or server list, and the Settings button.
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { useT } from '../../i18n';
import { actions, type Section, useAllServers, useSection, useSettingsTab } from '../../store';
import { ResourcesSidebar } from '../resources/ResourcesSidebar';
import { RootsSidebar } from '../roots/RootsPage';
import { needsAttention } from '../servers/attention';
import { ServerList } from '../servers/ServerList';
import { TasksSidebar } from '../tasks/TasksPage';
import { ConversationList } from './ConversationList';
import { GearIcon } from './icons';
import './chat.css';

const SECTIONS: { id: Section; label: string }[] = [
  { id: 'chat', label: 'chat.sections.chat' },
  { id: 'servers', label: 'chat.sections.servers' },
  { id: 'resources', label: 'chat.sections.resources' },
  { id: 'roots', label: 'chat.sections.roots' },
  { id: 'tasks', label: 'chat.sections.tasks' },
];

/** Tabs "Chat" and "Servers" (arrow keys move between them), the section's list, then "Settings". */
export function Sidebar(): ReactNode {
  const t = useT();
  const section = useSection();
  const settings = useSettingsTab();
  const refs = useRef(new Map<Section, HTMLButtonElement>());
  const troubled = useAllServers().filter(needsAttention).length;

  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const index = SECTIONS.findIndex((item) => item.id === section);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? SECTIONS.length - 1 : index + step;
    const next = SECTIONS[(target + SECTIONS.length) % SECTIONS.length];
    if (!next) return;
    actions.sectionSelected(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <aside className="app-sidebar">
      <div
        className="section-switch"
        role="tablist"
        aria-label={t('chat.sections.label')}
        onKeyDown={onKeyDown}
      >
        {SECTIONS.map((item) => (
          <button
            key={item.id}
            ref={(el) => {
              if (el) refs.current.set(item.id, el);
              else refs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            // i18n-ignore: an element id
            id={`section-tab-${item.id}`}
            aria-selected={section === item.id}
            aria-controls="section-panel"
            tabIndex={section === item.id ? 0 : -1}
            className="section-tab"
            onClick={() => actions.sectionSelected(item.id)}
          >
            {t(item.label)}
            {item.id === 'servers' && troubled > 0 ? (
              <>
                <span className="section-badge" aria-hidden="true">
                  {troubled}
                </span>
                <span className="visually-hidden">{t('chat.sections.attention', { count: troubled })}</span>
              </>
            ) : null}
          </button>
        ))}
      </div>
      <div
        className="section-panel"
        role="tabpanel"
        id="section-panel"
        // i18n-ignore: element ids
        aria-labelledby={`section-tab-${section}`}
      >
        {section === 'chat' ? (
          <ConversationList />
        ) : section === 'resources' ? (
          <ResourcesSidebar />
        ) : section === 'roots' ? (
          <RootsSidebar />
        ) : section === 'tasks' ? (
          <TasksSidebar />
        ) : (
          <ServerList />
        )}
      </div>
      <div className="sidebar-footer">
        <button
          type="button"
          className="settings-button"
          aria-current={settings ? 'page' : undefined}
          onClick={() => actions.settingsOpened(settings ? null : 'models')}
        >
          <GearIcon />
          {t('chat.sidebar.settings')}
        </button>
      </div>
    </aside>
  );
}
