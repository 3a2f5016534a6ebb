// One skill as the person sees it: where it comes from, its frontmatter, its files with their digests, and what may be done with it.
import { type ReactNode, useState } from 'react';
import type { SkillView } from '../../../../shared/skills';
import { formatSize } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
import { useAttachToChat } from '../resources/useAttach';
import { approvalText, changeLines, fieldText, skillName } from './skillWords';
import './skills.css';

/** A skill's notes: refused, nested, same-named elsewhere, tools it asks for, what changed. */
export function SkillNotes({ skill }: { skill: SkillView }): ReactNode {
  const t = useT();
  return (
    <>
      {skill.problem ? (
        <p className="inline-error" role="alert">
          {t('skills.notes.refused', { problem: skill.problem })}
        </p>
      ) : null}
      {skill.within ? <p className="muted">{t('skills.notes.within', { within: skill.within })}</p> : null}
      {skill.sameNameOn ? (
        <p className="muted">
          {t('skills.notes.sameName', {
            servers: skill.sameNameOn.join(t('skills.listSeparator')),
            count: skill.sameNameOn.length,
            name: skill.name,
          })}
        </p>
      ) : null}
      {skill.allowedTools ? (
        <p className="notice">
          <Message
            id="skills.notes.allowedTools"
            values={{ tools: skill.allowedTools, code: (chunks) => <code>{chunks}</code> }}
          />
        </p>
      ) : null}
      {skill.changed ? (
        <div className="notice">
          <p>{t('skills.notes.changed')}</p>
          <ul>
            {changeLines(skill.changed).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {skill.files === 'dynamic' ? <p className="notice">{t('skills.notes.dynamic')}</p> : null}
    </>
  );
}

/** The frontmatter, field by field, and the files with their sizes and digests. */
export function SkillContents({ skill, onShow }: { skill: SkillView; onShow?: (uri: string) => void }) {
  const t = useT();
  const fields = Object.entries(skill.frontmatter);
  return (
    <div className="skill-contents">
      <h4>{t('skills.contents.frontmatter')}</h4>
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
        <p className="muted">{t('skills.contents.noFields')}</p>
      )}
      <h4>{t('skills.contents.files')}</h4>
      {skill.files === 'dynamic' ? (
        <p className="muted">{t('skills.contents.dynamicFiles')}</p>
      ) : (
        <table className="skill-files" aria-label={t('skills.contents.filesOf', { label: skill.label })}>
          <thead>
            <tr>
              <th scope="col">{t('skills.contents.file')}</th>
              <th scope="col">{t('skills.contents.size')}</th>
              <th scope="col">{t('skills.contents.digest')}</th>
              {onShow ? <th scope="col" aria-label={t('skills.contents.actions')} /> : null}
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
                      {t('skills.contents.show')}
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
  const t = useT();
  const { run, pending, error } = useCommand();
  const { attach, pending: attaching, error: attachError } = useAttachToChat();
  const [shown, setShown] = useState<{ uri: string; text: string } | null>(null);
  const ref = { server: skill.server, uri: skill.uri };
  const stateClass = `tag skill-state skill-state-${skill.problem ? 'refused' : skill.approval}`;
  const canApprove = !skill.problem && skill.files !== 'dynamic' && skill.approval !== 'approved';
  const show = async (file: string) => {
    const outcome = await run((host) => host.invoke('skills.inspect', { ...ref, file }));
    if (outcome.ok) setShown({ uri: file, text: outcome.value });
  };
  return (
    <article className="skill" aria-label={t('skills.chip.name', { name: skillName(skill) })}>
      <header className="skill-head">
        <h3>{skill.label}</h3>
        <span className={stateClass}>{approvalText(skill)}</span>
        <span className="muted">
          {skill.server}
          {skill.source === 'referenced' ? t('skills.details.referenced') : ''}
          {skill.cached ? t('skills.details.cached') : ''}
        </span>
      </header>
      <p className="skill-uri selectable">
        <code>{skill.uri}</code>
      </p>
      {skill.description ? <p>{skill.description}</p> : null}
      <SkillNotes skill={skill} />
      <SkillContents skill={skill} onShow={skill.problem ? undefined : (uri) => void show(uri)} />
      {shown ? (
        <section className="skill-shown" aria-label={t('skills.details.contentsOf', { uri: shown.uri })}>
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
            {skill.approval === 'changed' ? t('skills.approveAgain') : t('skills.approve')}
          </button>
        ) : null}
        {skill.approval === 'approved' || skill.approval === 'changed' ? (
          <button
            type="button"
            disabled={pending}
            onClick={() => void run((host) => host.invoke('skills.revoke', ref))}
          >
            {t('skills.revoke')}
          </button>
        ) : null}
        <button
          type="button"
          disabled={Boolean(skill.problem) || attaching}
          onClick={() =>
            void attach({ kind: 'skill', server: skill.server, uri: skill.uri, label: skill.label })
          }
        >
          {t('skills.use')}
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
