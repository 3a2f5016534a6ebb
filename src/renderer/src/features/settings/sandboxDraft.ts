// The server form's sandbox: on or off, and its network (the default list, none, listed hosts, or any), to and from an entry.
import { isHostEntry } from '../../../../shared/sandbox';
import type { StdioServerEntry } from '../../../../shared/types';
import { translate } from '../../i18n';
import { notAHostText } from './schemaProblems';

export type SandboxDraft = {
  on: boolean;
  /** `default`: the entry keeps no network of its own (its launcher's registry and the hosts its arguments name). */
  network: 'default' | 'none' | 'hosts' | 'any';
  /** The listed hosts, one a line. */
  hosts: string;
};

export function sandboxDraftOf(setting: StdioServerEntry['sandbox']): SandboxDraft {
  if (setting === false) return { on: false, network: 'default', hosts: '' };
  const network = setting?.network;
  if (network === undefined) return { on: true, network: 'default', hosts: '' };
  if (typeof network === 'string') return { on: true, network, hosts: '' };
  return { on: true, network: 'hosts', hosts: network.join('\n') };
}

/** The hosts of the list: one a line (commas work too), blanks dropped. */
export function hostsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

/** The entry's `sandbox` key for `draft` (undefined: none), with what is wrong in the host list. */
export function sandboxSettingOf(draft: SandboxDraft): {
  setting: StdioServerEntry['sandbox'];
  problems: string[];
} {
  if (!draft.on) return { setting: false, problems: [] };
  if (draft.network === 'default') return { setting: undefined, problems: [] };
  if (draft.network !== 'hosts') return { setting: { network: draft.network }, problems: [] };
  const hosts = hostsOf(draft.hosts);
  const problems = hosts
    .filter((host) => !isHostEntry(host))
    .map((host) => translate('serverEditor.sandbox.hostsProblem', { problem: notAHostText(host) }));
  return { setting: { network: hosts }, problems };
}
