// One skill as the person sees it: where it comes from, its frontmatter, its files with their digests, and what may be done with it.
import { type ReactNode, useState } from 'react';
import type { SkillView } from '../../../../shared/skills';
import { formatSize } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { useAttachToChat } from '../resources/useAttach';
import { approvalText, changeLines, fieldText, skillName } from './skillWords';
import './skills.css';

/** A skill's notes: refused, nested, same-named elsewhere, tools it asks for, what changed. */
export function SkillNotes({ skill }: { skill: SkillView }): ReactNode {
  return (
    <>
      {skill.problem ? (
        <p className="inline-error" role="alert">
          Refused: {skill.problem}
        </p>
      ) : null}
      {skill.within ? (
        <p className="muted">
          It sits inside the skill {skill.within}: approving that one did not approve this one.
        </p>
      ) : null}
      {skill.sameNameOn ? (
        <p className="muted">
          {skill.sameNameOn.join(', ')} also {skill.sameNameOn.length === 1 ? 'has' : 'have'} a skill named{' '}
          {skill.name}; each stays with its own server.
        </p>
      ) : null}
      {skill.allowedTools ? (
        <p className="notice">
          It asks to use these tools without asking you: <code>{skill.allowedTools}</code>. Switchboard does
          not give that: each of their calls still goes through your permissions.
        </p>
      ) : null}
      {skill.changed ? (
        <div className="notice">
          <p>You approved other files of this skill. What changed:</p>
          <ul>
            {changeLines(skill.changed).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {skill.files === 'dynamic' ? (
        <p className="notice">
          Its server generates it, so it publishes no digests and its files cannot be checked: you are asked
          at every use.
        </p>
      ) : null}
    </>
  );
}

/** The frontmatter, field by field, and the files with their sizes and digests. */
export function SkillContents({ skill, onShow }: { skill: SkillView; onShow?: (uri: string) => void }) {
  const fields = Object.entries(skill.frontmatter);
  return (
    <div className="skill-contents">
      <h4>Frontmatter</h4>
      {fields.length ? (
        <dl className="fields skill-fields">
          {fields.map(([key, value]) => (
            <div key={key} className="skill-field">
              <dt>{key}</dt>
              <dd className="selectable">{fieldText(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">None that can be read.</p>
      )}
      <h4>Files</h4>
      {skill.files === 'dynamic' ? (
        <p className="muted">Listed by the server when the skill is loaded.</p>
      ) : (
        <table className="skill-files" aria-label={`Files of ${skill.label}`}>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Size</th>
              <th scope="col">Digest</th>
              {onShow ? <th scope="col" aria-label="Actions" /> : null}
            </tr>
          </thead>
          <tbody>
            {skill.files.map((file) => (
              <tr key={file.uri}>
                <td className="selectable skill-file-uri">{file.uri}</td>
                <td>{formatSize(file.size)}</td>
                <td>
                  <code className="selectable skill-digest">{file.digest}</code>
                </td>
                {onShow ? (
                  <td>
                    <button type="button" className="small" onClick={() => onShow(file.uri)}>
                      Show
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** A skill with its actions: Approve (or take the approval back), Use in this conversation, and each file to read. */
export function SkillDetails({ skill }: { skill: SkillView }): ReactNode {
  const { run, pending, error } = useCommand();
  const { attach, pending: attaching, error: attachError } = useAttachToChat();
  const [shown, setShown] = useState<{ uri: string; text: string } | null>(null);
  const ref = { server: skill.server, uri: skill.uri };
  const canApprove = !skill.problem && skill.files !== 'dynamic' && skill.approval !== 'approved';
  const show = async (file: string) => {
    const outcome = await run((host) => host.invoke('skills.inspect', { ...ref, file }));
    if (outcome.ok) setShown({ uri: file, text: outcome.value });
  };
  return (
    <article className="skill" aria-label={`Skill ${skillName(skill)}`}>
      <header className="skill-head">
        <h3>{skill.label}</h3>
        <span className={`tag skill-state skill-state-${skill.problem ? 'refused' : skill.approval}`}>
          {approvalText(skill)}
        </span>
        <span className="muted">
          {skill.server}
          {skill.source === 'referenced' ? ' · found by its URI' : ''}
          {skill.cached ? ' · saved at its last run' : ''}
        </span>
      </header>
      <p className="skill-uri selectable">
        <code>{skill.uri}</code>
      </p>
      {skill.description ? <p>{skill.description}</p> : null}
      <SkillNotes skill={skill} />
      <SkillContents skill={skill} onShow={skill.problem ? undefined : (uri) => void show(uri)} />
      {shown ? (
        <section className="skill-shown" aria-label={`Contents of ${shown.uri}`}>
          <h4>{shown.uri}</h4>
          <pre className="code-block selectable">{shown.text}</pre>
        </section>
      ) : null}
      <div className="button-row">
        {canApprove ? (
          <button
            type="button"
            className="primary"
            disabled={pending}
            onClick={() => void run((host) => host.invoke('skills.approve', ref))}
          >
            {skill.approval === 'changed' ? 'Approve again' : 'Approve'}
          </button>
        ) : null}
        {skill.approval === 'approved' || skill.approval === 'changed' ? (
          <button
            type="button"
            disabled={pending}
            onClick={() => void run((host) => host.invoke('skills.revoke', ref))}
          >
            Take approval back
          </button>
        ) : null}
        <button
          type="button"
          disabled={Boolean(skill.problem) || attaching}
          onClick={() =>
            void attach({ kind: 'skill', server: skill.server, uri: skill.uri, label: skill.label })
          }
        >
          Use in this conversation
        </button>
      </div>
      {error || attachError ? (
        <p className="inline-error" role="alert">
          {error ?? attachError}
        </p>
      ) : null}
    </article>
  );
}
