// The hold rule: a call that could finish carrying private data out, or run code while a server's skill steers the conversation, is decided by the person, whatever grant covers it.
import type { GrantScope } from '../../shared/consent';
import type { Exposure, FlowHold, ToolLabels } from '../../shared/flow';

/** What would let the call run without asking: a remembered grant, a view's own, or the sandbox's permission. */
export type CoveringGrant = GrantScope | undefined;

/**
 * Whether the call must wait for the person, and why: the organisation's policy holds the tool; the conversation
 * read private data and took in outside content and the tool can send data out; or the conversation follows a
 * skill from a server and the tool runs code. No grant lets a held call run; `grant` only names what it would
 * otherwise have been.
 */
export function mustHold(
  labels: ToolLabels,
  exposure: Exposure | undefined,
  grant: CoveringGrant,
  policy: { alwaysHeld: boolean } = { alwaysHeld: false },
): FlowHold | undefined {
  const named = grant === undefined ? {} : { grant };
  if (policy.alwaysHeld) return { reason: 'policy', ...named };
  const privateData = exposure?.privateData;
  const outsideContent = exposure?.outsideContent;
  if (labels.sendsOut.on && privateData && outsideContent)
    return { reason: 'trifecta', privateData, outsideContent, ...named };
  const skills = exposure?.skills ?? [];
  if (labels.runsCode.on && skills.length > 0)
    return { reason: 'skill-code', skills, runsCode: labels.runsCode.why, ...named };
  return undefined;
}
