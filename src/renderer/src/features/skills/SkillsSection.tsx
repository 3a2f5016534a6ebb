// The Skills part of the Resources sidebar: every server's skills, each under its server, to open in the preview pane.
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { actions, useResourceSelected, useSkills } from '../../store';
import { approvalText, skillName } from './skillWords';
import './skills.css';

export function SkillsSection(): ReactNode {
  const t = useT();
  const skills = useSkills();
  const selected = useResourceSelected();
  if (skills.length === 0) return null;
  return (
    <section className="skills-section" aria-labelledby="skills-section-title">
      <h3 id="skills-section-title" className="skills-section-title">
        {t('skills.title')}
      </h3>
      <ul className="skills-section-list">
        {skills.map((skill) => {
          const current =
            selected?.skill === true && selected.server === skill.server && selected.uri === skill.uri;
          return (
            <li key={`${skill.server}\u0000${skill.uri}`}>
              <button
                type="button"
                className="skills-section-item"
                aria-current={current ? 'true' : undefined}
                title={skill.uri}
                onClick={() =>
                  actions.resourceSelected({ server: skill.server, uri: skill.uri, skill: true })
                }
              >
                <span>{skillName(skill)}</span>
                <span className="muted">{approvalText(skill)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
