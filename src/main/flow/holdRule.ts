// The hold rule: a call that could finish carrying private data out is decided by the person, whatever grant covers it.
import type { GrantScope } from '../../shared/consent';
import type { Exposure, FlowHold, ToolLabels } from '../../shared/flow';

/** What would let the call run without asking: a remembered grant, a view's own, or the sandbox's permission. */
export type CoveringGrant = GrantScope | undefined;

/**
 * Whether the call must wait for the person, and why: the organisation's policy holds the tool, or the
 * conversation read private data and took in outside content and the tool can send data out. No grant
 * lets a held call run; `grant` only names what it would otherwise have been.
 */
export function mustHold(
  labels: ToolLabels,
  exposure: Exposure | undefined,
  grant: CoveringGrant,
  policy: { alwaysHeld: boolean } = { alwaysHeld: false },
): FlowHold | undefined {
  const named = grant === undefined ? {} : { grant };
  if (policy.alwaysHeld) return { reason: 'policy', ...named };
  if (!labels.sendsOut.on) return undefined;
  const privateData = exposure?.privateData;
  const outsideContent = exposure?.outsideContent;
  if (!privateData || !outsideContent) return undefined;
  return { reason: 'trifecta', privateData, outsideContent, ...named };
}
