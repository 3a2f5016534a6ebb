// The Tools dialog of a conversation: how the tools reach the model, its tool set, and per-server and per-tool switches and pins.
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { ToolSelection } from '../../../../shared/chat';
import { countEnabledTools } from '../../../../shared/toolSelection';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions, NO_TOOLS_OFF, useChatTools } from '../../store';
import { ServerToolList } from './ServerToolList';
import { ToolSetPicker } from './ToolSetPicker';
import { pinText } from './toolMode';
import { UnavailableTools, useUnavailableServers } from './UnavailableTools';
import { useModelServers, useToolMode } from './useToolMode';
import './toolsDialog.css';

/** Saves a conversation's tool choice, showing it at once and going back if the host refuses it. */
export function useToolChoice(id: string): {
  change: (next: ToolSelection) => Promise<void>;
  error: string | null;
} {
  const selection = useChatTools(id) ?? NO_TOOLS_OFF;
  const { run, error } = useCommand();
  const latest = useRef(0);
  const change = async (next: ToolSelection) => {
    const before = selection;
    const request = ++latest.current;
    actions.chatToolsChanged(id, next);
    const outcome = await run((host) => host.invoke('chat.setTools', { id, tools: next }));
    if (request !== latest.current) return;
    actions.chatToolsChanged(id, outcome.ok ? outcome.value.tools : before);
  };
  return { change, error };
}

export function ToolsDialog({ id, onClose }: { id: string; onClose: () => void }): ReactNode {
  const t = useT();
  const servers = useModelServers();
  const selection = useChatTools(id) ?? NO_TOOLS_OFF;
  const [query, setQuery] = useState('');
  const { change, error } = useToolChoice(id);
  const count = countEnabledTools(selection, servers);
  const mode = useToolMode(id);
  const pins = pinText(mode, t);
  const total = useMemo(() => servers.reduce((sum, server) => sum + server.tools.length, 0), [servers]);
  const unavailable = useUnavailableServers(selection);

  return (
    <Dialog
      title={t('chatTools.dialog.title')}
      onClose={onClose}
      footer={
        <>
          <span className="tools-footer-count">{t('chatTools.dialog.countOn', { count })}</span>
          <button type="button" className="primary" onClick={onClose}>
            {t('chatTools.dialog.done')}
          </button>
        </>
      }
    >
      <div className="tools-dialog">
        <p className="muted">{t('chatTools.dialog.lead')}</p>
        <p className="tools-mode" role="status">
          {mode.searches
            ? t('chatTools.dialog.searches', { count: mode.count })
            : t('chatTools.dialog.all', { count: mode.count })}
          {pins ? ` ${pins}` : ''}
        </p>
        <ToolSetPicker selection={selection} onChange={(next) => void change(next)} onLeave={onClose} />
        <UnavailableTools list={unavailable} onOpen={onClose} />
        {error ? (
          <p className="inline-error" role="alert">
            {t('chatTools.dialog.saveFailed', { error })}
          </p>
        ) : null}
        {servers.length === 0 ? (
          <p className="tools-none">{t('chatTools.dialog.noServer')}</p>
        ) : (
          <>
            {total > 8 ? (
              <input
                type="search"
                aria-label={t('chatTools.dialog.filter')}
                placeholder={t('chatTools.dialog.filter')}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            ) : null}
            {servers.map((server) => (
              <ServerToolList
                key={server.name}
                server={server}
                selection={selection}
                query={query}
                onChange={(next) => void change(next)}
              />
            ))}
          </>
        )}
      </div>
    </Dialog>
  );
}
