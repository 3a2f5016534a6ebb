// Builds what the approval dialog shows of a server: its exact argv or address, its references in words, where it came from, and what changed.
import { defaultHosts, networkOf } from '../../shared/sandboxNetwork';
import type { LaunchView, ServerApprovalRequest } from '../../shared/serverApprovals';
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import {
  type CanonicalIdentity,
  type CanonicalOAuth,
  canonicalIdentity,
  type HashedPair,
  type SandboxIdentity,
  serverIdentity,
} from './identity';
import type { ServerApprovals } from './serverApprovals';
import {
  type FillFacts,
  FROM_ELSEWHERE,
  namedValues,
  shownOf,
  type ValuePart,
  valueWords,
} from './shownValues';

/** What `entry` runs, without any secret value: references in words (filled as `facts` say), literal values hidden. */
export function launchView(entry: ServerEntry, facts: FillFacts = FROM_ELSEWHERE): LaunchView {
  if (isRemoteEntry(entry)) {
    return { transport: entry.type ?? 'auto', url: entry.url, headers: namedValues(entry, facts) };
  }
  return {
    transport: 'stdio',
    command: entry.command,
    args: [...(entry.args ?? [])],
    ...(entry.cwd !== undefined ? { cwd: entry.cwd } : {}),
    env: namedValues(entry, facts),
    sandbox:
      entry.sandbox === false ? 'off' : { network: networkOf(entry), defaultHosts: defaultHosts(entry) },
  };
}

/** The values holding references, in words, by name as the identity keys them (header names lower-cased). */
export type ValueWords = { before: ReadonlyMap<string, string>; after: ReadonlyMap<string, string> };

/**
 * The approved and the current identity as lines to diff: one per part, args numbered, JSON-quoted so
 * spaces and control characters show. Secret values never appear; a changed one is named as changed. A value
 * holding references is shown in `words` (an unchanged one the same on both sides).
 */
export function changeLines(
  before: CanonicalIdentity,
  after: CanonicalIdentity,
  words: ValueWords = { before: new Map(), after: new Map() },
): { before: string; after: string } {
  const pairsOf = (identity: CanonicalIdentity) =>
    identity.transport === 'stdio' ? identity.env : identity.headers;
  const beforeValues = new Map(pairsOf(before));
  const afterValues = new Map(pairsOf(after));
  const secretLines = (
    pairs: HashedPair[],
    other: Map<string, string>,
    label: string,
    side: 'before' | 'after',
  ) =>
    pairs.map(([name, hash]) => {
      const otherHash = other.get(name);
      const changed = otherHash !== undefined && otherHash !== hash;
      const said = words[side].get(name);
      if (said !== undefined) {
        const note = !changed ? '' : side === 'before' ? ' (as approved)' : ' (changed since approved)';
        return `${label} ${JSON.stringify(name)}: ${said}${note}`;
      }
      const note = !changed
        ? 'value hidden'
        : side === 'before'
          ? 'value hidden, as approved'
          : 'value hidden, changed since approved';
      return `${label} ${JSON.stringify(name)}: (${note})`;
    });
  const lines = (identity: CanonicalIdentity, other: Map<string, string>, side: 'before' | 'after') =>
    identity.transport === 'stdio'
      ? [
          `command: ${JSON.stringify(identity.command)}`,
          ...identity.args.map((arg, index) => `arg ${index + 1}: ${JSON.stringify(arg)}`),
          `working directory: ${identity.cwd === null ? '(not set)' : JSON.stringify(identity.cwd)}`,
          ...secretLines(identity.env, other, 'env', side),
          ...sandboxLines(identity.sandbox),
        ]
      : [
          `transport: ${identity.transport}`,
          `url: ${JSON.stringify(identity.url)}`,
          ...secretLines(identity.headers, other, 'header', side),
        ];
  return {
    before: [...lines(before, afterValues, 'before'), ...oauthLines(before, after, 'before')].join('\n'),
    after: [...lines(after, beforeValues, 'after'), ...oauthLines(after, before, 'after')].join('\n'),
  };
}

/** The entry's own sandbox setting as lines of the change view (none when it has none). */
function sandboxLines(sandbox: SandboxIdentity | undefined): string[] {
  if (sandbox === undefined) return [];
  if (sandbox === 'off') return ['sandbox: off'];
  const { network } = sandbox;
  return [`sandbox network: ${typeof network === 'string' ? network : JSON.stringify(network)}`];
}

/** A remote server's `oauth` by field: settings as they are, secrets hidden and said to have changed when they did. */
function oauthLines(
  identity: CanonicalIdentity,
  other: CanonicalIdentity,
  side: 'before' | 'after',
): string[] {
  const oauth: CanonicalOAuth | undefined = identity.transport === 'stdio' ? undefined : identity.oauth;
  if (!oauth) return [];
  const otherSecrets = new Map(other.transport === 'stdio' ? [] : (other.oauth?.secrets ?? []));
  const secretNote = (field: string, hash: string) => {
    const otherHash = otherSecrets.get(field);
    if (otherHash === undefined || otherHash === hash) return 'value hidden';
    return side === 'before' ? 'value hidden, as approved' : 'value hidden, changed since approved';
  };
  const lines: [field: string, line: string][] = [
    ...oauth.settings.map(([field, json]): [string, string] => [field, `${JSON.stringify(field)}: ${json}`]),
    ...oauth.secrets.map(([field, hash]): [string, string] => [
      field,
      `${JSON.stringify(field)}: (${secretNote(field, hash)})`,
    ]),
  ];
  return lines.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => `oauth ${line}`);
}

/** Whether a value is kept for a server, by input id (see `InputService.has`). */
export type KeptValues = (server: string, id: string) => boolean;

/**
 * The approval request for `name`, or undefined when it may run (approved) or does not run anyway (disabled).
 * Approving in the dialog approves an entry from elsewhere, so its references are shown as filled for one.
 */
export function approvalRequest(
  name: string,
  entry: ServerEntry,
  approvals: ServerApprovals,
  kept: KeptValues,
): ServerApprovalRequest | undefined {
  if (entry.disabled) return undefined;
  const state = approvals.state(name, entry);
  if (state === 'approved') return undefined;
  const identity = serverIdentity(entry);
  const previous = approvals.lastApproved(name);
  const keptHere = (id: string) => kept(name, id);
  const words: ValueWords = {
    before: referenceWords(approvals.lastShown(name), {
      from: approvals.approvedFrom(name) ?? 'outside',
      kept: keptHere,
    }),
    after: referenceWords(shownOf(entry), { from: 'outside', kept: keptHere }),
  };
  return {
    id: `${name}\n${identity}`,
    name,
    identity,
    origin: approvals.originOf(name, entry),
    launch: launchView(entry, { from: 'outside', kept: keptHere }),
    ...(previous ? { change: changeLines(previous, canonicalIdentity(entry), words) } : {}),
    state,
  };
}

/** Every configured server waiting for approval or refused, in config order. */
export function approvalRequests(
  servers: Readonly<Record<string, ServerEntry>>,
  approvals: ServerApprovals,
  kept: KeptValues,
): ServerApprovalRequest[] {
  return Object.entries(servers).flatMap(
    ([name, entry]) => approvalRequest(name, entry, approvals, kept) ?? [],
  );
}

function referenceWords(shown: readonly [string, ValuePart[]][], facts: FillFacts): Map<string, string> {
  return new Map(shown.map(([name, parts]) => [name, valueWords(parts, facts)]));
}
