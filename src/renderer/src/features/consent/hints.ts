// The behaviour hints a server claims for a tool, with the MCP defaults filled in where it said nothing.
import type { ToolAnnotations } from '../../../../shared/types';

export type HintKey = 'read-only' | 'destructive' | 'idempotent' | 'open-world';

/** One hint as it applies: its effective value, and whether the server declared it or the default applies. */
export type EffectiveHint = {
  key: HintKey;
  value: boolean;
  declared: boolean;
  /** Short text for the badge, e.g. `may be destructive (not declared)`. */
  label: string;
  /** A sentence for the badge's tooltip. */
  meaning: string;
  tone: 'neutral' | 'caution' | 'danger';
};

type Wording = { yes: string; no: string; yesMeaning: string; noMeaning: string };

const WORDING: Record<HintKey, Wording> = {
  'read-only': {
    yes: 'read-only',
    no: 'may change things',
    yesMeaning: 'only reads and changes nothing',
    noMeaning: 'may change things in its environment',
  },
  destructive: {
    yes: 'may be destructive',
    no: 'not destructive',
    yesMeaning: 'may delete or overwrite things',
    noMeaning: 'only adds and never deletes or overwrites',
  },
  idempotent: {
    yes: 'idempotent',
    no: 'not idempotent',
    yesMeaning: 'calling it again with the same arguments has no further effect',
    noMeaning: 'calling it again may have a further effect',
  },
  'open-world': {
    yes: 'open world',
    no: 'closed world',
    yesMeaning: 'may reach outside systems such as the web',
    noMeaning: 'stays within its own data',
  },
};

function hint(key: HintKey, declaredValue: boolean | undefined, fallback: boolean): EffectiveHint {
  const declared = typeof declaredValue === 'boolean';
  const value = declared ? declaredValue : fallback;
  const words = WORDING[key];
  const base = value ? words.yes : words.no;
  const meaning = value ? words.yesMeaning : words.noMeaning;
  let tone: EffectiveHint['tone'] = 'neutral';
  if (key === 'destructive' && value) tone = 'danger';
  else if ((key === 'open-world' && value) || (key === 'read-only' && !value)) tone = 'caution';
  return {
    key,
    value,
    declared,
    label: declared ? base : `${base} (not declared)`,
    meaning: declared
      ? `The server claims this tool ${meaning}. This is not verified.`
      : `The server did not say; by the MCP rules a tool is assumed to be one that ${meaning}.`,
    tone,
  };
}

/**
 * The four hints with the MCP spec's defaults (readOnly false, destructive true, idempotent false,
 * openWorld true). Destructive and idempotent only mean something for a tool that is not read-only.
 */
export function effectiveHints(annotations: ToolAnnotations | undefined): EffectiveHint[] {
  const a = annotations ?? {};
  const readOnly = hint('read-only', a.readOnlyHint, false);
  const hints = [readOnly];
  if (!readOnly.value) {
    hints.push(hint('destructive', a.destructiveHint, true));
    hints.push(hint('idempotent', a.idempotentHint, false));
  }
  hints.push(hint('open-world', a.openWorldHint, true));
  return hints;
}
