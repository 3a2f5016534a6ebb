// The Resources preview of one skill: its details, as in its server's Skills tab.
import type { ReactNode } from 'react';
import { useSkill } from '../../store';
import { SkillDetails } from './SkillDetails';

export function SkillPane({ server, uri }: { server: string; uri: string }): ReactNode {
  const skill = useSkill(server, uri);
  if (!skill) return <p className="muted">{server} no longer lists this skill.</p>;
  return (
    <div className="resource-pane skill-pane">
      <SkillDetails skill={skill} />
    </div>
  );
}
