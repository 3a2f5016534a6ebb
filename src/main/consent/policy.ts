// Remembered "Always allow" grants, pinned to the server's identity (trust/identity.ts) and the exact tool definition granted.
import { createHash } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { z } from 'zod';
import type { DefinitionChange, Grant } from '../../shared/chat';
import type { Json, ToolView } from '../../shared/types';
import { HostFault, messageOf } from '../errors';
import { writeFileAtomic } from '../storage/atomicFile';

export type GrantCheck =
  | { kind: 'granted' }
  | { kind: 'ask' }
  | { kind: 'changed'; change: DefinitionChange };

export type PermissionStoreOptions = {
  /** Told when the file could not be used; the store then starts with no grants. */
  onProblem?: (message: string) => void;
};

/** A grant as kept on disk: with the definition granted, to show what changed since. */
type StoredGrant = Grant & { definition: string };

const storedGrantSchema = z.object({
  server: z.string(),
  tool: z.string(),
  serverIdentity: z.string(),
  definitionHash: z.string(),
  grantedAt: z.number(),
  definition: z.string(),
});
const fileSchema = z.object({ version: z.literal(1), grants: z.array(storedGrantSchema) });

/** sha256 (hex) of the canonical JSON of what the model and the person are shown of `tool`. */
export function definitionHash(tool: ToolView): string {
  return createHash('sha256')
    .update(JSON.stringify(definitionOf(tool)))
    .digest('hex');
}

/** The grants, kept in a JSON file written atomically and readable only by its owner. */
export class PermissionStore {
  private grants: StoredGrant[] = [];
  private readonly listeners = new Set<(grants: Grant[]) => void>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly options: PermissionStoreOptions = {},
  ) {}

  /** Reads the file. Missing means no grants; a corrupt file is kept aside as `.bak` and no grants hold. */
  async load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      this.grants = [];
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) {
        this.problem(
          `Could not read your saved permissions (${messageOf(error)}). Every tool will ask again.`,
        );
      }
      return;
    }
    const parsed = fileSchema.safeParse(parseJson(text));
    if (parsed.success) {
      this.grants = parsed.data.grants;
      return;
    }
    this.grants = [];
    const backup = `${this.path}.bak`;
    const kept = await rename(this.path, backup).then(
      () => `It was kept as ${backup}.`,
      () => 'It could not be moved aside.',
    );
    this.problem(`Your saved permissions file was damaged, so every tool will ask again. ${kept}`);
  }

  /** Every grant, including ones suspended because the tool changed since. */
  list(): Grant[] {
    return this.grants.map(({ definition: _definition, ...grant }) => grant);
  }

  /** Whether `tool` may run without asking: granted, ask, or changed since it was granted. */
  check(server: string, identity: string, tool: ToolView): GrantCheck {
    const grant = this.find(server, tool.name);
    if (!grant || grant.serverIdentity !== identity) return { kind: 'ask' };
    if (grant.definitionHash === definitionHash(tool)) return { kind: 'granted' };
    return { kind: 'changed', change: { before: grant.definition, after: prettyDefinition(tool) } };
  }

  /** Always allow `tool` as it is now defined; replaces any earlier grant for it. */
  async grant(server: string, identity: string, tool: ToolView): Promise<void> {
    const grant: StoredGrant = {
      server,
      tool: tool.name,
      serverIdentity: identity,
      definitionHash: definitionHash(tool),
      grantedAt: Date.now(),
      definition: prettyDefinition(tool),
    };
    this.grants = [...this.grants.filter((item) => !same(item, server, tool.name)), grant];
    await this.changed();
  }

  /** Forgets the grant for `tool` of `server`; nothing happens when there is none. */
  async revoke(server: string, tool: string): Promise<void> {
    if (!this.find(server, tool)) return;
    this.grants = this.grants.filter((item) => !same(item, server, tool));
    await this.changed();
  }

  onDidChange(listener: (grants: Grant[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private find(server: string, tool: string): StoredGrant | undefined {
    return this.grants.find((item) => same(item, server, tool));
  }

  /** Saves the current grants (writes run one at a time, each with the latest state) and tells listeners. */
  private async changed(): Promise<void> {
    const save = async () => {
      const text = `${JSON.stringify({ version: 1, grants: this.grants }, null, 2)}\n`;
      await writeFileAtomic(this.path, text, 0o600);
    };
    this.writing = this.writing.then(save, save);
    const grants = this.list();
    for (const listener of [...this.listeners]) listener(grants);
    try {
      await this.writing;
    } catch (error) {
      throw new HostFault('internal', `Could not save your permissions to ${this.path}: ${messageOf(error)}`);
    }
  }

  private problem(message: string): void {
    this.options.onProblem?.(message);
  }
}

function same(grant: Grant, server: string, tool: string): boolean {
  return grant.server === server && grant.tool === tool;
}

/** What a grant covers: the tool as the model and the person see it, with its app view and visibility. */
function definitionOf(tool: ToolView): Json {
  const { name, title, description, inputSchema, outputSchema, annotations, ui } = tool;
  return canonical({ name, title, description, inputSchema, outputSchema, annotations, ui });
}

function prettyDefinition(tool: ToolView): string {
  return JSON.stringify(definitionOf(tool), null, 2);
}

/** The same value with object keys sorted at every depth and undefined members left out. */
function canonical(value: unknown): Json {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonical(item)));
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) out[key] = canonical(member);
    }
    return out;
  }
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null
  ) {
    return value;
  }
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
