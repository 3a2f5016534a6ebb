// The Resources preview of one skill: its details, as in its server's Skills tab.
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { useSkill } from '../../store';
import { SkillDetails } from './SkillDetails';

export function SkillPane({ server, uri }: { server: string; uri: string }): ReactNode {
  const t = useT();
  const skill = useSkill(server, uri);
  if (!skill) return <p className="muted">{t('skills.pane.gone', { server })}</p>;
  return (
    <div className="resource-pane skill-pane">
      <SkillDetails skill={skill} />
    </div>
  );
}
