// An organisation's policy.json: parsed so that any part it cannot read blocks all it could have blocked, and asked what it allows.
import { z } from 'zod';
import { noNetwork } from '../../shared/sandbox';
import { networkOf } from '../../shared/sandboxNetwork';
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import { packageOf } from './entryPackage';

/** The least sandbox a local server may run with: any, sandboxed, or sandboxed with no network. */
export const MINIMUM_SANDBOX = ['none', 'sandboxed', 'network-none'] as const;
export type MinimumSandbox = (typeof MINIMUM_SANDBOX)[number];

/** Which servers a rule names: each field given is a pattern (`*` any run of characters, `?` one) that must match. */
export type ServerRule = { name?: string; command?: string; package?: string; url?: string };
export type HoldRule = ServerRule & { tool: string };

/** One policy file as read. `'all'` is what a part that could not be read turns into. */
export type OrgPolicy = {
  source: string;
  /** What could not be read, in plain words; each problem blocked everything its part could have blocked. */
  problems: string[];
  servers: { allow?: ServerRule[]; deny: ServerRule[] } | 'all-denied';
  minimumSandbox: MinimumSandbox;
  alwaysHold: HoldRule[] | 'all';
  reviewBeforeModel: ServerRule[] | 'all';
};

const pattern = z.string().min(1).max(500);
const ruleSchema = z
  .strictObject({
    name: pattern.optional(),
    command: pattern.optional(),
    package: pattern.optional(),
    url: pattern.optional(),
  })
  .refine(
    (rule) => Object.keys(rule).length > 0,
    'a rule must name at least one of name, command, package, url',
  );
const holdSchema = z.strictObject({
  name: pattern.optional(),
  command: pattern.optional(),
  package: pattern.optional(),
  url: pattern.optional(),
  tool: pattern,
});
const serversSchema = z.strictObject({
  allow: z.array(ruleSchema).optional(),
  deny: z.array(ruleSchema).optional(),
});
const KNOWN_KEYS = new Set(['version', 'servers', 'minimumSandbox', 'alwaysHold', 'reviewBeforeModel']);

/** The policy that blocks everything: every server denied, every tool held, every result reviewed, the strictest sandbox. */
export function closedPolicy(source: string, problem: string): OrgPolicy {
  return {
    source,
    problems: [problem],
    servers: 'all-denied',
    minimumSandbox: 'network-none',
    alwaysHold: 'all',
    reviewBeforeModel: 'all',
  };
}

/** Parses the text of a policy file. Never throws: whatever cannot be read fails closed, and says why. */
export function parsePolicy(text: string, source: string): OrgPolicy {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return closedPolicy(source, `${source} is not valid JSON (${(error as Error).message}).`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    return closedPolicy(source, `${source} must hold a JSON object.`);
  const record = json as Record<string, unknown>;
  if (record.version !== 1)
    return closedPolicy(
      source,
      `${source} must say "version": 1; this version of Switchboard reads no other.`,
    );
  const unknown = Object.keys(record).filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length > 0)
    return closedPolicy(source, `${source} has settings this version does not know (${unknown.join(', ')}).`);
  const problems: string[] = [];
  const part = <T>(key: string, schema: z.ZodType<T>, closed: T, absent: T): T => {
    if (record[key] === undefined) return absent;
    const parsed = schema.safeParse(record[key]);
    if (parsed.success) return parsed.data;
    problems.push(
      `"${key}" in ${source} could not be read (${parsed.error.issues[0]?.message ?? 'invalid'}).`,
    );
    return closed;
  };
  const servers = part<OrgPolicy['servers']>(
    'servers',
    serversSchema.transform((s) => ({ ...s, deny: s.deny ?? [] })),
    'all-denied',
    { deny: [] },
  );
  return {
    source,
    problems,
    servers,
    minimumSandbox: part('minimumSandbox', z.enum(MINIMUM_SANDBOX), 'network-none', 'none'),
    alwaysHold: part<OrgPolicy['alwaysHold']>('alwaysHold', z.array(holdSchema), 'all', []),
    reviewBeforeModel: part<OrgPolicy['reviewBeforeModel']>(
      'reviewBeforeModel',
      z.array(ruleSchema),
      'all',
      [],
    ),
  };
}

/** Why the policies block `entry` under `name`, in plain words; undefined when every policy lets it run. */
export function blockReason(
  policies: readonly OrgPolicy[],
  name: string,
  entry: ServerEntry,
): string | undefined {
  for (const policy of policies) {
    const { servers } = policy;
    if (servers === 'all-denied')
      return `the policy could not be read, so every server is blocked: ${policy.problems.join(' ')}`;
    const denied = servers.deny.find((rule) => matches(rule, name, entry));
    if (denied) return `${policy.source} denies servers matching ${ruleText(denied)}`;
    if (servers.allow && !servers.allow.some((rule) => matches(rule, name, entry)))
      return `it is not among the servers ${policy.source} allows`;
  }
  return undefined;
}

/** Whether a policy holds every call of `tool` for the person. */
export function holdsTool(
  policies: readonly OrgPolicy[],
  name: string,
  entry: ServerEntry,
  tool: string,
): boolean {
  return policies.some(
    ({ alwaysHold }) =>
      alwaysHold === 'all' ||
      alwaysHold.some((rule) => glob(rule.tool, tool) && matches(rule, name, entry, true)),
  );
}

/** Whether a policy makes the person see the server's outside content before the model does. */
export function forcesReview(policies: readonly OrgPolicy[], name: string, entry: ServerEntry): boolean {
  return policies.some(
    ({ reviewBeforeModel }) =>
      reviewBeforeModel === 'all' || reviewBeforeModel.some((rule) => matches(rule, name, entry)),
  );
}

/** The strictest minimum sandbox of all the policies. */
export function minimumSandboxOf(policies: readonly OrgPolicy[]): MinimumSandbox {
  return policies.reduce<MinimumSandbox>(
    (strictest, { minimumSandbox }) =>
      MINIMUM_SANDBOX.indexOf(minimumSandbox) > MINIMUM_SANDBOX.indexOf(strictest)
        ? minimumSandbox
        : strictest,
    'none',
  );
}

/** Whether `rule` names this server; a rule with only a tool (`loose`) names every server. */
function matches(rule: ServerRule, name: string, entry: ServerEntry, loose = false): boolean {
  const fields: [keyof ServerRule, string | undefined][] = [
    ['name', name],
    ['command', isRemoteEntry(entry) ? undefined : entry.command],
    ['package', packageOf(entry)],
    ['url', isRemoteEntry(entry) ? entry.url : undefined],
  ];
  let named = false;
  for (const [field, value] of fields) {
    const wanted = rule[field];
    if (wanted === undefined) continue;
    named = true;
    if (value === undefined) return false;
    const base = field === 'command' ? value.split(/[\\/]/).pop() : undefined;
    if (!glob(wanted, value) && !(base !== undefined && glob(wanted, base))) return false;
  }
  return named || loose;
}

/** `*` matches any run of characters, `?` any one; the rest must match exactly, the whole text. */
function glob(wanted: string, text: string): boolean {
  const source = wanted
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 's').test(text);
}

function ruleText(rule: ServerRule): string {
  return Object.entries(rule)
    .filter(([key]) => key !== 'tool')
    .map(([key, value]) => `${key} "${value}"`)
    .join(' and ');
}

/**
 * What `entry` lacks to meet `minimum`, in plain words; undefined when it meets it. For the launch gate: a local
 * server whose sandbox is off (or has network) where the policy requires it does not start.
 */
export function sandboxShortfall(entry: ServerEntry, minimum: MinimumSandbox): string | undefined {
  if (minimum === 'none' || isRemoteEntry(entry)) return undefined;
  if (entry.sandbox === false)
    return 'your organisation’s policy requires a sandbox, and this server’s is turned off';
  if (minimum === 'network-none' && !noNetwork(networkOf(entry)))
    return 'your organisation’s policy requires a sandbox with no network for this server';
  return undefined;
}
