// Flow-aware consent, shared by host and renderer: a tool's four labels, what entered a conversation, why a call is held, and flags on untrusted descriptions (their words are the page's: features/consent/flowWords).
import type { GrantScope } from './grantScope';

/** What a tool may do: the first three together let injected text carry private data out; the fourth lets a skill's text run code. */
export const FLOW_LABELS = ['privateData', 'outsideContent', 'sendsOut', 'runsCode'] as const;
export type FlowLabel = (typeof FLOW_LABELS)[number];

/** Where a label's value came from: the server's annotation, what the server is, the built-in list, the tool's name, the person, or no reason. */
export type LabelSource = 'annotation' | 'server' | 'built-in' | 'name' | 'person' | 'default';

export type LabelValue = { on: boolean; source: LabelSource; why: string };

export type ToolLabels = Record<FlowLabel, LabelValue>;

/** The person's own setting of some labels of one tool (absent: the label follows the rules). */
export type LabelOverrides = Partial<Record<FlowLabel, boolean>>;

/** Something that entered a conversation: private data read, content someone else wrote, or a skill from a server it now follows. */
export type FlowMark = {
  kind: 'private-data' | 'outside-content' | 'skill';
  server: string;
  /** The tool, resource or view it came from, as the person knows it. */
  what: string;
  via: 'tool' | 'resource' | 'app-view';
  time: number;
  /** The message it came in with, to link to. */
  messageId?: string;
};

/** What a conversation has taken in so far: the first mark of each kind and how many came, and every skill it follows. */
export type Exposure = {
  privateData?: FlowMark;
  outsideContent?: FlowMark;
  counts?: { privateData: number; outsideContent: number };
  /** The skills from servers loaded or attached here, each once, in the order they came. */
  skills?: FlowMark[];
};

/** Why a call waits for the person though a grant may cover it; `grant` is what would otherwise have let it run. */
export type FlowHold =
  | {
      reason: 'trifecta';
      privateData: FlowMark;
      outsideContent: FlowMark;
      grant?: GrantScope;
    }
  | {
      reason: 'skill-code';
      /** The skills the conversation follows. */
      skills: FlowMark[];
      /** Why the tool counts as running code (its label's reason). */
      runsCode: string;
      grant?: GrantScope;
    }
  | { reason: 'policy'; grant?: GrantScope };

/** Whether a finished result of an outside-content tool was shown to the person before the model. */
export type ReviewState = 'waiting' | 'given' | 'withheld';

/** What the model reads instead of a result the person withheld. */
// i18n-ignore: what the model reads
export const WITHHELD_NOTE = 'The person withheld this result.';

/** Whether the model may read a call's result: it was not held for the person, or they gave it. */
export function reachesModel(call: { review?: ReviewState }): boolean {
  return call.review === undefined || call.review === 'given';
}

/** Why a tool's description deserves a second look. */
export type DescriptionFlag = 'changed' | 'instructions' | 'hidden-characters' | 'very-long';

/** A description longer than this many characters is flagged. */
export const LONG_DESCRIPTION = 2000;

/** Unicode tag characters (U+E0000–U+E007F): invisible, and read by models as text. */
const TAGS = /[\u{E0000}-\u{E007F}]/gu;
/** Zero-width and direction characters that hide text from the person. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;
/** Phrases aimed at the model rather than at the person. */
const INSTRUCTION_LIKE = [
  /ignore (all |any )?(the )?(previous|prior|above|earlier)/i,
  /disregard (all |any )?(the )?(previous|prior|above|earlier)/i,
  /do not (tell|inform|mention|show)[^.]{0,40}\b(user|person|human)/i,
  /don't (tell|inform|mention|show)[^.]{0,40}\b(user|person|human)/i,
  /without (telling|informing|asking) the (user|person|human)/i,
  /<\s*(important|system|instructions?)\s*>/i,
  /\byou must (always|first|now)\b/i,
];

/** `text` without Unicode tag characters, and whether any were there. */
export function stripTags(text: string): { text: string; stripped: boolean } {
  const clean = text.replace(TAGS, '');
  return { text: clean, stripped: clean.length !== text.length };
}

/** The flags a description earns by what it says (a change since a grant is known only to the consent room). */
export function descriptionFlags(description: string | undefined): DescriptionFlag[] {
  if (!description) return [];
  const flags: DescriptionFlag[] = [];
  if (INSTRUCTION_LIKE.some((pattern) => pattern.test(description))) flags.push('instructions');
  if (stripTags(description).stripped || INVISIBLE.test(description)) flags.push('hidden-characters');
  if (description.length > LONG_DESCRIPTION) flags.push('very-long');
  return flags;
}

/** One tool as Settings → Permissions lists it: its labels, whether its results are reviewed, and its description's flags. */
export type FlowToolView = {
  name: string;
  title?: string;
  labels: ToolLabels;
  review: boolean;
  flags: DescriptionFlag[];
};

/** Where a server's "review before the model sees it" comes from. */
export type ReviewSource = 'policy' | 'person' | 'default';

export type FlowServerView = {
  server: string;
  review: { on: boolean; source: ReviewSource };
  tools: FlowToolView[];
  /** Set when the organisation's policy blocks the server: why, in plain words. */
  blocked?: string;
};

/** The organisation's policy as read: its files and what could not be read in them, and the least sandbox it requires. */
export type PolicyView = {
  files: { path: string; problems: string[] }[];
  minimumSandbox: 'none' | 'sandboxed' | 'network-none';
};

export type FlowView = { servers: FlowServerView[]; policy: PolicyView };
