// Words for skills as the person sees them: where their approval stands, what changed, and frontmatter values.
import type { ManifestChange, SkillView } from '../../../../shared/skills';
import type { Json } from '../../../../shared/types';

/** The skill's state in a few words, for its badge. */
export function approvalText(skill: Pick<SkillView, 'approval' | 'problem'>): string {
  if (skill.problem) return 'Refused';
  switch (skill.approval) {
    case 'approved':
      return 'Approved';
    case 'changed':
      return 'Changed since you approved it';
    case 'dynamic':
      return 'Generated: asks at every use';
    default:
      return 'Not approved';
  }
}

/** One line per kind of change, naming the files. */
export function changeLines(change: ManifestChange): string[] {
  return [
    ...(change.changed.length ? [`Changed: ${change.changed.join(', ')}`] : []),
    ...(change.added.length ? [`Added: ${change.added.join(', ')}`] : []),
    ...(change.removed.length ? [`Removed: ${change.removed.join(', ')}`] : []),
  ];
}

/** A frontmatter value as text: strings as they are, anything else as JSON. */
export function fieldText(value: Json | undefined): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `refunds (billing)`: a skill by its label and server, as cards and chips name it. */
export function skillName(skill: Pick<SkillView, 'label' | 'server'>): string {
  return `${skill.label} (${skill.server})`;
}
