// "Import servers…": finds servers in other apps' files, a chosen file or pasted text, and proposes the chosen ones.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { InputConfig } from '../../../shared/configSchema';
import { maskEntry } from '../../../shared/entrySecrets';
import type { FoundServer, ImportScan } from '../../../shared/importing';
import type { ServerEntry } from '../../../shared/types';
import type { ConfigStore } from '../../config/configStore';
import { HostFault, messageOf } from '../../errors';
import { launchView } from '../../trust/approvalRequests';
import type { NameClash, ServerProposals } from '../proposals';
import { importEntry } from './importEntry';
import { type RawFile, readFormat, readPasted } from './importFormats';
import { type ImportPlatform, importLocations, shortPath } from './importLocations';

/** Files larger than this are not another app's server list. */
const MAX_FILE_BYTES = 5_000_000;
/** Scans kept for `add`. */
const KEPT_SCANS = 5;

export type ScanRequest = { roots?: string[]; workspaceFolder?: string; path?: string; text?: string };
export type ImportChoice = { key: string; clash: NameClash };

type Kept = { found: FoundServer; entry: ServerEntry; inputs: InputConfig[]; from: string };

/** The platform this host runs on, as the locations table needs it. */
export function currentPlatform(): Omit<ImportPlatform, 'roots'> {
  return {
    platform: process.platform,
    home: homedir(),
    appData: process.env.APPDATA,
    xdgConfig: process.env.XDG_CONFIG_HOME,
  };
}

export class ServerImport {
  private readonly scans = new Map<string, Map<string, Kept>>();

  constructor(
    private readonly deps: {
      config: ConfigStore;
      proposals: ServerProposals;
      platform?: () => Omit<ImportPlatform, 'roots'>;
    },
  ) {}

  /** What the standard places (or the chosen file, or the pasted text) hold. */
  async scan(request: ScanRequest): Promise<ImportScan> {
    const platform = (this.deps.platform ?? currentPlatform)();
    const roots = [
      ...new Set([...(request.roots ?? []), ...(request.workspaceFolder ? [request.workspaceFolder] : [])]),
    ];
    const kept = new Map<string, Kept>();
    const scan: ImportScan = { id: randomUUID(), servers: [], problems: [], searched: [] };
    const add = (file: RawFile, app: string, path: string, folder: string | undefined) => {
      for (const raw of file.servers) {
        const result = importEntry(raw.raw, {
          home: platform.home,
          workspaceFolder: request.workspaceFolder,
          resolvePath: (relative) =>
            isAbsolute(relative)
              ? relative
              : resolve(request.workspaceFolder ?? folder ?? platform.home, relative),
          declaredInputs: file.inputs,
          readText: (envPath) => readFileSync(envPath, 'utf8'),
        });
        const key = String(scan.servers.length);
        const shown = shortPath(path, platform.home);
        const found: FoundServer = {
          key,
          name: raw.name,
          source: {
            app: raw.scope ? `${app} (project ${shortPath(raw.scope, platform.home)})` : app,
            path: shown,
          },
          ...(result.entry ? { entry: maskEntry(result.entry), launch: launchView(result.entry) } : {}),
          inputs: result.inputs,
          notes: result.notes,
          exists: Object.hasOwn(this.deps.config.current.mcpServers, raw.name),
        };
        scan.servers.push(found);
        if (result.entry) {
          kept.set(key, {
            found,
            entry: result.entry,
            inputs: result.inputs,
            from: `${found.source.app} — ${shown}`,
          });
        }
      }
    };
    if (request.text !== undefined) {
      try {
        add(readPasted(request.text), 'Pasted text', 'pasted text', undefined);
      } catch (error) {
        scan.problems.push({ path: 'pasted text', message: messageOf(error) });
      }
    } else if (request.path) {
      const path = resolve(request.path);
      scan.searched.push(path);
      const text = await readSmall(path).catch((error: unknown) => {
        scan.problems.push({ path, message: `It could not be read: ${messageOf(error)}` });
        return undefined;
      });
      if (text !== undefined) {
        try {
          add(readPasted(text), 'File you chose', path, dirname(path));
        } catch (error) {
          scan.problems.push({ path, message: messageOf(error) });
        }
      }
    } else {
      for (const location of importLocations({ ...platform, roots })) {
        scan.searched.push(shortPath(location.path, platform.home));
        let text: string | undefined;
        try {
          text = await readSmall(location.path);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== 'ENOENT' && code !== 'ENOTDIR') {
            scan.problems.push({ path: location.path, message: `It could not be read: ${messageOf(error)}` });
          }
          continue;
        }
        try {
          add(readFormat(text, location.format), location.app, location.path, dirname(location.path));
        } catch (error) {
          scan.problems.push({ path: location.path, message: messageOf(error) });
        }
      }
    }
    this.scans.set(scan.id, kept);
    for (const id of [...this.scans.keys()].slice(0, -KEPT_SCANS)) this.scans.delete(id);
    return scan;
  }

  /** Proposes the chosen servers of scan `scanId` (they wait for approval); their inputs are declared first. */
  async add(
    scanId: string,
    choices: readonly ImportChoice[],
  ): Promise<{ added: string[]; skipped: string[] }> {
    const kept = this.scans.get(scanId);
    if (!kept) {
      throw new HostFault('gone', { id: 'host.bringIn.listOutdated' });
    }
    const chosen = choices.map((choice) => {
      const found = kept.get(choice.key);
      if (!found) throw new HostFault('invalid_input', { id: 'host.bringIn.cannotImportOne' });
      return { ...found, clash: choice.clash };
    });
    const inputs = chosen.flatMap((server) => server.inputs);
    if (inputs.length > 0) {
      await this.deps.config.update((next) => {
        const declared = next.inputs ?? [];
        for (const input of inputs)
          if (!declared.some((known) => known.id === input.id)) declared.push(input);
        next.inputs = declared;
      });
    }
    const clashes = new Map(chosen.map((server) => [server.found.name, server.clash]));
    return this.deps.proposals.propose(
      chosen.map((server) => ({
        name: server.found.name,
        entry: server.entry,
        origin: { route: 'import', from: server.from },
      })),
      (name) => clashes.get(name) ?? 'skip',
    );
  }
}

async function readSmall(path: string): Promise<string> {
  const text = await readFile(path, 'utf8');
  if (text.length > MAX_FILE_BYTES) throw new Error('the file is too large to be a list of servers');
  return text;
}
