// Builds what the approval dialog shows of a server: its exact argv or address, where it came from, and what changed.
import type { LaunchView, ServerApprovalRequest } from '../../shared/serverApprovals';
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import {
  type CanonicalIdentity,
  type CanonicalOAuth,
  canonicalIdentity,
  type HashedPair,
  serverIdentity,
} from './identity';
import type { ServerApprovals } from './serverApprovals';

/** What `entry` runs, without any secret value: env and header names only. */
export function launchView(entry: ServerEntry): LaunchView {
  if (isRemoteEntry(entry)) {
    return { transport: entry.type ?? 'auto', url: entry.url, headerNames: Object.keys(entry.headers ?? {}) };
  }
  return {
    transport: 'stdio',
    command: entry.command,
    args: [...(entry.args ?? [])],
    ...(entry.cwd !== undefined ? { cwd: entry.cwd } : {}),
    envNames: Object.keys(entry.env ?? {}),
  };
}

/**
 * The approved and the current identity as lines to diff: one per part, args numbered, JSON-quoted so
 * spaces and control characters show. Secret values never appear; a changed one is named as changed.
 */
export function changeLines(
  before: CanonicalIdentity,
  after: CanonicalIdentity,
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
      const note =
        otherHash === undefined || otherHash === hash
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

/** The approval request for `name`, or undefined when it may run (approved) or does not run anyway (disabled). */
export function approvalRequest(
  name: string,
  entry: ServerEntry,
  approvals: ServerApprovals,
): ServerApprovalRequest | undefined {
  if (entry.disabled) return undefined;
  const state = approvals.state(name, entry);
  if (state === 'approved') return undefined;
  const identity = serverIdentity(entry);
  const previous = approvals.lastApproved(name);
  return {
    id: `${name}\n${identity}`,
    name,
    identity,
    origin: approvals.originOf(name, entry),
    launch: launchView(entry),
    ...(previous ? { change: changeLines(previous, canonicalIdentity(entry)) } : {}),
    state,
  };
}

/** Every configured server waiting for approval or refused, in config order. */
export function approvalRequests(
  servers: Readonly<Record<string, ServerEntry>>,
  approvals: ServerApprovals,
): ServerApprovalRequest[] {
  return Object.entries(servers).flatMap(([name, entry]) => approvalRequest(name, entry, approvals) ?? []);
}
