// A server's Skills tab: the skills it lists and those found by their URI, each with its files and digests, and a way to find one by URI.
import { type FormEvent, type ReactNode, useState } from 'react';
import type { ServerView } from '../../../../shared/types';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { useSkills } from '../../store';
import { SkillDetails } from './SkillDetails';
import './skills.css';

/** Asks the server for the skill at a URI the person has (named in its instructions, another skill, or elsewhere). */
function FindByUri({ server }: { server: string }): ReactNode {
  const t = useT();
  const [uri, setUri] = useState('');
  const { run, pending, error } = useCommand();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await run((host) => host.invoke('skills.lookUp', { server, uri: uri.trim() }));
    if (outcome.ok) setUri('');
  };
  return (
    <form className="skill-find" onSubmit={(event) => void submit(event)}>
      <label>
        {t('skills.find.label')}
        <input
          type="text"
          value={uri}
          // i18n-ignore: the shape of a skill's URI, not words
          placeholder="skill://…/SKILL.md"
          onChange={(event) => setUri(event.target.value)}
        />
      </label>
      <button type="submit" disabled={pending || uri.trim() === ''}>
        {t('skills.find.button')}
      </button>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function SkillsTab({ view }: { view: ServerView }): ReactNode {
  const t = useT();
  const skills = useSkills(view.name);
  return (
    <div className="skills-tab">
      <p className="muted">{t('skills.tab.intro')}</p>
      <FindByUri server={view.name} />
      {skills.length === 0 ? (
        <p className="muted">
          {view.state.kind === 'running' ? t('skills.tab.noneRunning') : t('skills.tab.notRunning')}
        </p>
      ) : (
        <ul className="skill-list" aria-label={t('skills.tab.listLabel', { server: view.name })}>
          {skills.map((skill) => (
            <li key={skill.uri}>
              <SkillDetails skill={skill} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
