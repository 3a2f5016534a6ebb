// The config.json commands: read, reload or save it whole; add one server or several, remove, rename, disable one or turn its apps off.
import type { CommandHandlers } from '../../shared/contract';
import { ignoredPart } from '../../shared/entryKeys';
import { unmaskEntry } from '../../shared/entrySecrets';
import { inputIdsOf } from '../../shared/inputReferences';
import type { ConfigProblem, ServerEntry } from '../../shared/types';
import { HostFault, type HostText } from '../errors';
import type { InputService } from '../requests/inputs';
import type { ConfigStore, Renamed } from './configStore';

const OWN = { own: true };

type ConfigCommandName = Extract<keyof CommandHandlers, `config.${string}`>;

/** Every change is announced (and applied to the servers) by the store's `onDidChange`; each command answers the new view. */
export function configCommands(
  config: ConfigStore,
  inputs: InputService,
): Pick<CommandHandlers, ConfigCommandName> {
  return {
    'config.get': async () => config.view(),
    'config.reload': () => config.load(),
    // What the person writes in the app's own editor and forms is theirs: saving it approves it.
    'config.save': ({ text, version }) => config.save(text, version, OWN),
    'config.putServer': async ({ name, entry, previousName, secrets }) => {
      // Checked before the values are kept: they must never land among another server's.
      if (name !== previousName && Object.hasOwn(config.current.mcpServers, name)) throw nameTaken(name);
      // The values go to the secret store first, so the server finds them when the new entry starts it.
      await inputs.store(name, secretsFor(entry, secrets));
      return config.update(
        (next) => {
          const servers = next.mcpServers;
          if (name !== previousName && Object.hasOwn(servers, name)) throw nameTaken(name);
          // Masked secrets the page sent back keep the values stored for the entry it edited.
          const before = previousName ?? name;
          const found: unknown = Object.hasOwn(servers, before) ? servers[before] : undefined;
          // An entry with an error may be anything at all: only an object has values to keep.
          const stored = typeof found === 'object' && found !== null ? (found as ServerEntry) : undefined;
          if (previousName && previousName !== name) delete servers[previousName];
          // Keys the form does not know (another app's settings) stay in the entry.
          servers[name] = { ...ignoredPart(stored), ...unmaskEntry(entry, stored) };
        },
        renamedOwn(previousName, name),
      );
    },
    'config.addServers': ({ servers }) =>
      config.update((next) => {
        const problem = nameClashes(
          servers.map((server) => server.name),
          (name) => Object.hasOwn(next.mcpServers, name),
        );
        if (problem) throw new HostFault('invalid_input', problem);
        for (const { name, entry } of servers) next.mcpServers[name] = entry;
      }, OWN),
    'config.removeServer': ({ name }) =>
      config.update((next) => {
        delete next.mcpServers[name];
      }),
    'config.setDisabled': ({ name, disabled }) =>
      config.update((next, unusable) => {
        const entry = usableEntry(next.mcpServers, unusable, name);
        if (disabled) entry.disabled = true;
        else delete entry.disabled;
      }),
    'config.setApps': ({ name, enabled }) =>
      config.update((next, unusable) => {
        const entry = usableEntry(next.mcpServers, unusable, name);
        if (enabled) delete entry.apps;
        else entry.apps = false;
      }),
  };
}

/** An own edit, naming the rename when it is one (its approval and values go with the server). */
function renamedOwn(previousName: string | undefined, name: string): { own: true; renamed?: Renamed } {
  return previousName !== undefined && previousName !== name
    ? { own: true, renamed: { from: previousName, to: name } }
    : { own: true };
}

/** The entry named `name`, refused when there is none or when it has an error to fix first. */
function usableEntry(
  servers: Record<string, ServerEntry>,
  unusable: ReadonlyMap<string, ConfigProblem>,
  name: string,
): ServerEntry {
  const entry = Object.hasOwn(servers, name) ? servers[name] : undefined;
  if (!entry) throw new HostFault('not_found', { id: 'host.config.noSuchServer', values: { name } });
  const problem = unusable.get(name);
  if (problem) {
    throw new HostFault('config_invalid', {
      id: 'host.config.entryBroken',
      values: {
        name,
        located: problem.line ? 'yes' : 'no',
        line: String(problem.line),
        message: problem.text ?? problem.message,
      },
    });
  }
  return entry;
}

function nameTaken(name: string): HostFault {
  return new HostFault('invalid_input', { id: 'host.config.serverExists', values: { name } });
}

/** Why these names cannot all be added: one given twice, or already in the file; undefined when they can. */
function nameClashes(names: readonly string[], taken: (name: string) => boolean): HostText | undefined {
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length > 0) return { id: 'host.config.nameTwice', values: { name: twice[0] ?? '' } };
  const existing = names.filter(taken);
  if (existing.length === 0) return undefined;
  const list = existing.map((name) => `"${name}"`).join(', ');
  return { id: 'host.config.namesTaken', values: { count: existing.length, names: list } };
}

/** The secret values to store, each for an input the entry refers to; any other id is refused. */
function secretsFor(entry: ServerEntry, secrets: Readonly<Record<string, string>> = {}): Map<string, string> {
  const used = new Set(inputIdsOf(entry));
  const values = new Map<string, string>();
  for (const [id, value] of Object.entries(secrets)) {
    if (!used.has(id)) {
      throw new HostFault('invalid_input', { id: 'host.config.secretNotUsed', values: { secret: id } });
    }
    values.set(id, value);
  }
  return values;
}
