// The Tools button of the composer: the count of tools on, how they reach the model, and the Tools dialog.
import { type ReactNode, useId, useState } from 'react';
import { countEnabledTools } from '../../../../shared/toolSelection';
import { useT } from '../../i18n';
import { NO_TOOLS_OFF, useChatTools } from '../../store';
import { unavailableText } from '../servers/attention';
import { ToolIcon } from './icons';
import { ToolsDialog } from './ToolsDialog';
import { modeText } from './toolMode';
import { useUnavailableServers } from './UnavailableTools';
import { useModelServers, useToolMode } from './useToolMode';

/** "Tools 13": opens the dialog; past the budget says the model searches them. */
export function ToolsButton({ id }: { id: string }): ReactNode {
  const t = useT();
  const servers = useModelServers();
  const selection = useChatTools(id) ?? NO_TOOLS_OFF;
  const [open, setOpen] = useState(false);
  const modeId = useId();
  const unavailableId = useId();
  const count = countEnabledTools(selection, servers);
  const mode = useToolMode(id);
  const unavailable = useUnavailableServers(selection);
  const describedBy = [mode.searches ? modeId : '', unavailable.length > 0 ? unavailableId : '']
    .join(' ')
    .trim();
  return (
    <>
      <button
        type="button"
        className="tools-button"
        aria-haspopup="dialog"
        aria-describedby={describedBy || undefined}
        onClick={() => setOpen(true)}
      >
        <ToolIcon />
        {t('chatTools.button')} <span className="tools-count">{count}</span>
        {unavailable.length > 0 ? (
          <span className="tools-trouble" aria-hidden="true">
            !
          </span>
        ) : null}
      </button>
      {unavailable.length > 0 ? (
        <span id={unavailableId} className="visually-hidden">
          {unavailableText(unavailable)}
        </span>
      ) : null}
      {mode.searches ? (
        <span id={modeId} className="tools-mode-hint">
          {modeText(mode, t)}
        </span>
      ) : null}
      {open ? <ToolsDialog id={id} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
