// The words of flow-aware consent, in one place for every view: a tool's labels, a description's flags, and why a call is held.
import type { DescriptionFlag, FlowHold, FlowLabel, FlowMark } from '../../../../shared/flow';
import { type MessageValues, translate } from '../../i18n';

/** `t` of `useT()` in a component, or `translate` outside React. */
export type Translate = (id: string, values?: MessageValues) => string;

const LABEL_IDS: Record<FlowLabel, string> = {
  privateData: 'consent.flow.label.privateData',
  outsideContent: 'consent.flow.label.outsideContent',
  sendsOut: 'consent.flow.label.sendsOut',
  runsCode: 'consent.flow.label.runsCode',
};

const FLAG_IDS: Record<DescriptionFlag, string> = {
  changed: 'consent.flag.changed',
  instructions: 'consent.flag.instructions',
  'hidden-characters': 'consent.flag.hiddenCharacters',
  'very-long': 'consent.flag.veryLong',
};

/** A label in words: "reads private data", "runs code". */
export function labelName(label: FlowLabel, t: Translate = translate): string {
  return t(LABEL_IDS[label]);
}

/** A description's flag in words: "description hides characters". */
export function flagName(flag: DescriptionFlag, t: Translate = translate): string {
  return t(FLAG_IDS[flag]);
}

/** Names in a plain list: `a, b, c` / `a、b、c`. */
export function nameList(names: readonly string[], t: Translate = translate): string {
  return names.join(t('consent.listSeparator'));
}

/** "the skill refunds (billing) and the skill returns (billing)": the skills a conversation follows, with their servers. */
function skillsText(skills: readonly FlowMark[], t: Translate): string {
  const named = skills.map((skill) =>
    skill.server ? t('consent.hold.skillOf', { skill: skill.what, server: skill.server }) : skill.what,
  );
  if (named.length < 2) return named[0] ?? t('consent.hold.aSkill');
  return t('consent.hold.skillPair', { first: nameList(named.slice(0, -1), t), last: named.at(-1) ?? '' });
}

/** Why a call is held, in plain words; `time` writes when each mark came in ("10:40", or a full date in the audit log). */
export function holdText(
  hold: FlowHold,
  time: (epochMs: number) => string,
  t: Translate = translate,
): string {
  if (hold.reason === 'policy') return t('consent.hold.policy');
  if (hold.reason === 'skill-code')
    return t('consent.hold.skillCode', { skills: skillsText(hold.skills, t), why: hold.runsCode });
  return t('consent.hold.trifecta', {
    privateData: hold.privateData.what,
    privateTime: time(hold.privateData.time),
    outsideContent: hold.outsideContent.what,
    outsideTime: time(hold.outsideContent.time),
  });
}
