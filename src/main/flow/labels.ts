// A tool's four flow labels, each with where it came from: pure, from what the host knows of its server and what the person said.
import type { LabelOverrides, LabelValue, ToolLabels } from '../../shared/flow';
import type { ServerEntry, ToolView } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import { WORKSPACE_COMMAND } from '../servers/transport/builtin';
import { codeWordsIn } from './codeNames';
import type { KnownServer } from './knownServers';
import type { NetworkReach } from './networkReach';

/** What the host knows of a server, as labels need it. */
export type FlowServer = {
  entry: ServerEntry;
  /** Whether the person shares folders with it. */
  hasRoots: boolean;
  /** How far its network reaches (see `networkReach`). */
  reach: NetworkReach;
  /** Its entry in the built-in list, if it is a known server. */
  known?: KnownServer;
};

const on = (source: LabelValue['source'], why: string): LabelValue => ({ on: true, source, why });
const off = (source: LabelValue['source'], why: string): LabelValue => ({ on: false, source, why });

/**
 * The labels of `tool` of `server`. A server's own annotations can raise a label; they lower one only where the
 * host can check it (no network in a running sandbox). `settings` are the person's choices, which win.
 */
export function labelsOf(server: FlowServer, tool: ToolView, settings: LabelOverrides = {}): ToolLabels {
  const person = (value: boolean | undefined, rule: () => LabelValue): LabelValue =>
    value === undefined ? rule() : value ? on('person', 'you marked it') : off('person', 'you unmarked it');
  return {
    privateData: person(settings.privateData, () => privateData(server)),
    outsideContent: person(settings.outsideContent, () => outsideContent(server, tool)),
    sendsOut: person(settings.sendsOut, () => sendsOut(server, tool)),
    runsCode: person(settings.runsCode, () => runsCode(server, tool)),
  };
}

function privateData(server: FlowServer): LabelValue {
  const { entry } = server;
  if (!isRemoteEntry(entry) && entry.command === WORKSPACE_COMMAND)
    return on('server', 'the workspace server reads the folders you share');
  if (server.hasRoots) return on('server', 'you share folders with this server');
  return off('default', 'no folders are shared with this server');
}

function outsideContent(server: FlowServer, tool: ToolView): LabelValue {
  if (tool.annotations?.openWorldHint === true)
    return on('annotation', 'the server says it reaches the outside world');
  if (isRemoteEntry(server.entry)) return on('server', 'a remote server answers with content from elsewhere');
  if (server.known?.outside.includes(tool.name))
    return on('built-in', `a known tool of ${server.known.registryName} that reads what others wrote`);
  return off('default', 'nothing says it takes in outside content');
}

function sendsOut(server: FlowServer, tool: ToolView): LabelValue {
  if (server.reach === 'none') return off('server', 'its sandbox gives it no network');
  if (server.known?.sendsOut?.includes(tool.name))
    return on('built-in', `a known tool of ${server.known.registryName} whose requests reach other hosts`);
  if (tool.annotations?.readOnlyHint === true) return off('annotation', 'the server says it only reads');
  if (isRemoteEntry(server.entry)) return on('server', 'a remote server is on the network');
  return on(
    'server',
    server.reach === 'limited' ? 'it may reach the hosts its sandbox allows' : 'it has network access',
  );
}

function runsCode(server: FlowServer, tool: ToolView): LabelValue {
  if (server.known?.runsCode?.includes(tool.name))
    return on('built-in', `a known tool of ${server.known.registryName} that runs the code it is given`);
  // A server's claim that it only reads cannot lower what its tool's name says: the host cannot check the claim.
  const words = codeWordsIn(tool.name);
  if (words) return on('name', `its name says it runs code (“${words}”)`);
  if (tool.annotations?.readOnlyHint === true) return off('annotation', 'the server says it only reads');
  return off('default', 'nothing says it runs code');
}
