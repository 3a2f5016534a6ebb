// A skill attached to a message: its name and server on a chip; once sent, the SKILL.md the host loaded, on demand.
import type { ReactNode } from 'react';
import type { ContextItem } from '../../../../shared/resources';
import { useT } from '../../i18n';
import { skillName } from './skillWords';

type SkillItem = Extract<ContextItem, { kind: 'skill' }>;

export function SkillChip({ item, onRemove }: { item: SkillItem; onRemove?: () => void }): ReactNode {
  const t = useT();
  const name = skillName(item);
  return (
    <li className="attachment-chip" title={item.uri}>
      <span className="attachment-name">{t('skills.chip.name', { name })}</span>
      {item.text !== undefined ? (
        <details className="sent-prompt-full">
          <summary>{t('skills.chip.show')}</summary>
          <pre className="code-block selectable">{item.text}</pre>
        </details>
      ) : null}
      {onRemove ? (
        <button
          type="button"
          className="icon-button attachment-remove"
          aria-label={t('skills.chip.removeLabel', { name })}
          title={t('skills.chip.removeTitle', { uri: item.uri })}
          onClick={onRemove}
        >
          ×
        </button>
      ) : null}
    </li>
  );
}
