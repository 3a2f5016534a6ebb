// Reads an MCP registry over its HTTP API (`/v0.1/servers`): one page of a search, or one version of a server.
import { HostFault, messageOf } from '../errors';
import {
  type ServerJson,
  serverJsonSchema,
  serverListSchema,
  serverResponseSchema,
  statusOf,
} from './serverJson';

/** A registry entry that passed the schema, with the registry's status of it. */
export type RegistryItem = { server: ServerJson; status: 'active' | 'deprecated' | 'deleted' };

export type RegistryClientOptions = {
  timeoutMs?: number;
  /** Largest answer read, in bytes (4 MiB). */
  maxBytes?: number;
};

/** What is wrong with an address for a registry; the messages say it with the value `problem`. */
export type RegistryUrlProblem = 'notUrl' | 'credentials' | 'insecure';

/** Whether `text` is an address a registry may have: https anywhere, plain http only on this computer. */
export function registryUrlProblem(text: string): RegistryUrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'notUrl';
  }
  if (url.username || url.password) return 'credentials';
  if (url.protocol === 'https:') return undefined;
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol === 'http:' && loopback) return undefined;
  return 'insecure';
}

export class RegistryClient {
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(
    private readonly baseUrl: () => string,
    options: RegistryClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
  }

  /** One page of servers matching `search` (all when empty); entries that do not fit the schema are counted, not shown. */
  async list(query: { search?: string; cursor?: string; limit?: number }): Promise<{
    items: RegistryItem[];
    nextCursor?: string;
    unreadable: number;
  }> {
    const params = new URLSearchParams();
    if (query.search?.trim()) params.set('search', query.search.trim());
    if (query.cursor) params.set('cursor', query.cursor);
    params.set('limit', String(query.limit ?? 30));
    const body = await this.getJson(`/v0.1/servers?${params}`);
    const page = serverListSchema.safeParse(body);
    if (!page.success) throw this.unexpected();
    const items: RegistryItem[] = [];
    let unreadable = 0;
    for (const raw of page.data.servers) {
      const item = itemOf(raw);
      if (item) items.push(item);
      else unreadable += 1;
    }
    const nextCursor = page.data.metadata?.nextCursor || undefined;
    return { items, ...(nextCursor ? { nextCursor } : {}), unreadable };
  }

  /** One version of one server, as the registry has it now. */
  async version(name: string, version: string): Promise<RegistryItem> {
    const body = await this.getJson(
      `/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`,
    );
    const item = itemOf(body);
    if (!item) throw this.unexpected();
    return item;
  }

  private async getJson(path: string): Promise<unknown> {
    const base = this.baseUrl().replace(/\/+$/, '');
    const problem = registryUrlProblem(base);
    if (problem)
      throw new HostFault('invalid_input', {
        id: 'host.registry.badAddress',
        values: { address: base, problem },
      });
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new HostFault('server_error', {
        id: 'host.registry.unreachable',
        values: { address: base, error: messageOf(error) },
      });
    }
    if (response.status === 404) {
      throw new HostFault('not_found', { id: 'host.registry.serverNotFound', values: { address: base } });
    }
    if (!response.ok) {
      throw new HostFault('server_error', {
        id: 'host.registry.httpError',
        values: { address: base, status: response.status, statusText: response.statusText },
      });
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > this.maxBytes)
      throw new HostFault('too_large', {
        id: 'host.registry.answerTooLargeBytes',
        values: { bytes: length },
      });
    const text = await readCapped(response, this.maxBytes);
    try {
      return JSON.parse(text);
    } catch {
      throw this.unexpected();
    }
  }

  private unexpected(): HostFault {
    return new HostFault('server_error', {
      id: 'host.registry.notAList',
      values: { address: this.baseUrl() },
    });
  }
}

function itemOf(raw: unknown): RegistryItem | undefined {
  const response = serverResponseSchema.safeParse(raw);
  if (!response.success) return undefined;
  const server = serverJsonSchema.safeParse(response.data.server);
  return server.success ? { server: server.data, status: statusOf(response.data) } : undefined;
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new HostFault('too_large', { id: 'host.registry.answerTooLarge' });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
