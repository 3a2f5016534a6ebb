// The behaviour hints a server claims for a tool, with the MCP defaults filled in where it said nothing.
import type { ToolAnnotations } from '../../../../shared/types';
import { translate } from '../../i18n';

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

/** The catalogue ids of one hint: its badge words, and its meaning as the server's claim or as the MCP default. */
type Wording = {
  yes: string;
  no: string;
  yesClaimed: string;
  noClaimed: string;
  yesAssumed: string;
  noAssumed: string;
};

const WORDING: Record<HintKey, Wording> = {
  'read-only': {
    yes: 'consent.hint.readOnly.yes',
    no: 'consent.hint.readOnly.no',
    yesClaimed: 'consent.hint.readOnly.yesClaimed',
    noClaimed: 'consent.hint.readOnly.noClaimed',
    yesAssumed: 'consent.hint.readOnly.yesAssumed',
    noAssumed: 'consent.hint.readOnly.noAssumed',
  },
  destructive: {
    yes: 'consent.hint.destructive.yes',
    no: 'consent.hint.destructive.no',
    yesClaimed: 'consent.hint.destructive.yesClaimed',
    noClaimed: 'consent.hint.destructive.noClaimed',
    yesAssumed: 'consent.hint.destructive.yesAssumed',
    noAssumed: 'consent.hint.destructive.noAssumed',
  },
  idempotent: {
    yes: 'consent.hint.idempotent.yes',
    no: 'consent.hint.idempotent.no',
    yesClaimed: 'consent.hint.idempotent.yesClaimed',
    noClaimed: 'consent.hint.idempotent.noClaimed',
    yesAssumed: 'consent.hint.idempotent.yesAssumed',
    noAssumed: 'consent.hint.idempotent.noAssumed',
  },
  'open-world': {
    yes: 'consent.hint.openWorld.yes',
    no: 'consent.hint.openWorld.no',
    yesClaimed: 'consent.hint.openWorld.yesClaimed',
    noClaimed: 'consent.hint.openWorld.noClaimed',
    yesAssumed: 'consent.hint.openWorld.yesAssumed',
    noAssumed: 'consent.hint.openWorld.noAssumed',
  },
};

function hint(key: HintKey, declaredValue: boolean | undefined, fallback: boolean): EffectiveHint {
  const declared = typeof declaredValue === 'boolean';
  const value = declared ? declaredValue : fallback;
  const words = WORDING[key];
  const base = translate(value ? words.yes : words.no);
  let meaning: string;
  if (declared) meaning = value ? words.yesClaimed : words.noClaimed;
  else meaning = value ? words.yesAssumed : words.noAssumed;
  let tone: EffectiveHint['tone'] = 'neutral';
  if (key === 'destructive' && value) tone = 'danger';
  else if ((key === 'open-world' && value) || (key === 'read-only' && !value)) tone = 'caution';
  return {
    key,
    value,
    declared,
    label: declared ? base : translate('consent.hint.undeclared', { label: base }),
    meaning: translate(meaning),
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
