// Words for skills as the person sees them: where their approval stands, what changed, and frontmatter values.
import type { ManifestChange, SkillView } from '../../../../shared/skills';
import type { Json } from '../../../../shared/types';
import { translate } from '../../i18n';

/** The skill's state in a few words, for its badge. */
export function approvalText(skill: Pick<SkillView, 'approval' | 'problem'>): string {
  if (skill.problem) return translate('skills.state.refused');
  switch (skill.approval) {
    case 'approved':
      return translate('skills.state.approved');
    case 'changed':
      return translate('skills.state.changed');
    case 'dynamic':
      return translate('skills.state.dynamic');
    default:
      return translate('skills.state.notApproved');
  }
}

/** One line per kind of change, naming the files. */
export function changeLines(change: ManifestChange): string[] {
  const files = (names: readonly string[]) => names.join(translate('skills.listSeparator'));
  return [
    ...(change.changed.length ? [translate('skills.change.changed', { files: files(change.changed) })] : []),
    ...(change.added.length ? [translate('skills.change.added', { files: files(change.added) })] : []),
    ...(change.removed.length ? [translate('skills.change.removed', { files: files(change.removed) })] : []),
  ];
}

/** A frontmatter value as text: strings as they are, anything else as JSON. */
export function fieldText(value: Json | undefined): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `refunds (billing)`: a skill by its label and server, as cards and chips name it. */
export function skillName(skill: Pick<SkillView, 'label' | 'server'>): string {
  return translate('skills.name', { label: skill.label, server: skill.server });
}
