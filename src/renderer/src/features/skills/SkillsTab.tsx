// A server's Skills tab: the skills it lists and those found by their URI, each with its files and digests, and a way to find one by URI.
import { type FormEvent, type ReactNode, useState } from 'react';
import type { ServerView } from '../../../../shared/types';
import { useCommand } from '../../components/useCommand';
import { useSkills } from '../../store';
import { SkillDetails } from './SkillDetails';
import './skills.css';

/** Asks the server for the skill at a URI the person has (named in its instructions, another skill, or elsewhere). */
function FindByUri({ server }: { server: string }): ReactNode {
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
        Find a skill by its URI
        <input
          type="text"
          value={uri}
          placeholder="skill://…/SKILL.md"
          onChange={(event) => setUri(event.target.value)}
        />
      </label>
      <button type="submit" disabled={pending || uri.trim() === ''}>
        Find
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
  const skills = useSkills(view.name);
  return (
    <div className="skills-tab">
      <p className="muted">
        Skills are instructions this server wrote for the model. The model sees the name and description of
        those you approve, and loads one when a task needs it; anything else asks you first. Every file is
        checked against its digest before it is used.
      </p>
      <FindByUri server={view.name} />
      {skills.length === 0 ? (
        <p className="muted">
          {view.state.kind === 'running'
            ? 'The server lists no skills. It may still serve one you find by its URI.'
            : 'The server is not running; its skills show once it lists them.'}
        </p>
      ) : (
        <ul className="skill-list" aria-label={`Skills of ${view.name}`}>
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
