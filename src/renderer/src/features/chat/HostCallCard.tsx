// The small card of a call of one of the host's own tools: one line of what it did, no consent (it asks nobody).
import { memo, type ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/chat';
import { useT } from '../../i18n';
import { hostCallLine } from './hostCallText';
import { SearchIcon, ToolIcon } from './icons';
import './hostCall.css';

/** A card with `role="group"` named by what the call did ("Looked for tools"). */
export const HostCallCard = memo(function HostCallCard({ call }: { call: ToolCallView }): ReactNode {
  const t = useT();
  const { title, detail } = hostCallLine(call, t);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card in a conversation, not a form's fieldset
    <div role="group" aria-label={title} className="host-call">
      {call.tool === 'search_tools' ? <SearchIcon /> : <ToolIcon />}
      <span className="host-call-title">{t('chatTools.host.title', { title })}</span>{' '}
      <span className="host-call-detail">{detail}</span>
    </div>
  );
});
