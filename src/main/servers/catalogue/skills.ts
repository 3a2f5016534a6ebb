// The Skills extension on the wire: skills/list (every page, kept by its ttlMs), skills/get, file reads and directory reads.
import {
  type CacheScope,
  type Client,
  MAX_CACHE_TTL_MS,
  type RequestOptions,
  type ResponseCacheStore,
} from '@modelcontextprotocol/client';
import { z } from 'zod';
import { SKILLS_EXTENSION, skillsSupport } from '../../../shared/skills';
import type { Json } from '../../../shared/types';
import { HostFault } from '../../errors';
import { bounded } from '../../json/bounded';
import type { ServerConnection } from '../session/connection';

/** What the requests need of a connection: its name, and its client while it runs. */
type Connection = Pick<ServerConnection, 'name' | 'withClient'>;

import { protocolCode, serverSaysValues } from './prompts';

/** Merge into the client capabilities: the host loads skills itself (the extension defines no settings for clients). */
export const SKILLS_CAPABILITY = { extensions: { [SKILLS_EXTENSION]: {} } } as const;

/** Pages of one listing the host follows at most, as the SDK does for the other lists. */
export const MAX_PAGES = 64;
const INVALID_PARAMS = -32602;
const METHOD_NOT_FOUND = -32601;
const DIRECTORY = 'inode/directory';
const LIST_KEY = { method: 'skills/list', params: '', partition: '' } as const;

const cacheFields = {
  ttlMs: z.number().int().min(0).optional(),
  cacheScope: z.enum(['public', 'private']).optional(),
};
const listPage = z.looseObject({
  skills: z.array(z.unknown()),
  nextCursor: z.string().optional(),
  ...cacheFields,
});
const getResult = z.looseObject({ skill: z.unknown(), ...cacheFields });
const directoryPage = z.looseObject({
  resources: z.array(
    z.looseObject({ uri: z.string(), name: z.string().optional(), mimeType: z.string().optional() }),
  ),
  nextCursor: z.string().optional(),
});

/** One child of a directory resource: a file, or a folder to read in turn. */
export type DirectoryChild = { uri: string; name?: string; directory: boolean };

/**
 * Every entry of `skills/list`, all pages, as the server gave them (cut where they nest too deep). A
 * listing still fresh by the `ttlMs` it came with is served from `cache` without asking; a new one is
 * kept there with its `ttlMs` and `cacheScope`, as the SDK keeps the other lists. No skill files are read.
 */
export async function listSkills(
  client: Client,
  options: RequestOptions,
  cache?: ResponseCacheStore,
): Promise<Json[]> {
  if (!skillsSupport(client.getServerCapabilities()).skills) return [];
  const held = await cache?.get(LIST_KEY);
  if (held?.expiresAt !== undefined && held.expiresAt > Date.now()) {
    const stored = listPage.safeParse(JSON.parse(held.value));
    if (stored.success) return bounded(stored.data.skills) as Json[];
  }
  const skills: unknown[] = [];
  let first: z.infer<typeof listPage> | undefined;
  let cursor: string | undefined;
  for (let pages = 0; ; pages++) {
    if (pages === MAX_PAGES)
      throw new Error(`the server's skill listing went on past ${MAX_PAGES} pages, so it was not used`);
    const page = await client.request(
      { method: 'skills/list', params: cursor === undefined ? {} : { cursor } },
      listPage,
      options,
    );
    first ??= page;
    skills.push(...page.skills);
    if (page.nextCursor === undefined || page.nextCursor === cursor) break;
    cursor = page.nextCursor;
  }
  const scope: CacheScope = first?.cacheScope ?? 'private';
  const ttlMs = Math.min(first?.ttlMs ?? 0, MAX_CACHE_TTL_MS);
  const value = JSON.stringify({ skills, ttlMs, cacheScope: scope });
  await cache?.set(LIST_KEY, { value, expiresAt: Date.now() + ttlMs, scope });
  return bounded(skills) as Json[];
}

/** The entry `skills/get` gives for `uri`; a URI the server serves no skill at is `not_found`. */
export function getSkill(connection: Connection, uri: string): Promise<Json> {
  return connection.withClient({ id: 'host.servers.lookUpSkillFailed', values: { uri } }, async (client) => {
    if (!skillsSupport(client.getServerCapabilities()).skills) {
      throw new HostFault('unsupported', {
        id: 'host.servers.servesNoSkills',
        values: { name: connection.name },
      });
    }
    try {
      const result = await client.request({ method: 'skills/get', params: { uri } }, getResult);
      return bounded(result.skill) as Json;
    } catch (error) {
      if (protocolCode(error) === INVALID_PARAMS)
        throw new HostFault('not_found', {
          id: 'host.servers.noSkillAt',
          values: { name: connection.name, uri, ...serverSaysValues(error) },
        });
      throw error;
    }
  });
}

/** The raw contents of one file, read afresh (the host checks and keeps skill files itself). */
export function readSkillFile(
  connection: Connection,
  uri: string,
): Promise<{ uri: string; text?: string; blob?: string }> {
  return connection.withClient({ id: 'host.servers.readFailed', values: { uri } }, async (client) => {
    try {
      const { contents } = await client.readResource({ uri }, { cacheMode: 'bypass' });
      const part = contents.find((item) => item.uri === uri) ?? contents[0];
      if (!part)
        throw new HostFault('not_found', {
          id: 'host.servers.sentNothing',
          values: { name: connection.name, uri },
        });
      return 'text' in part ? { uri, text: part.text } : { uri, blob: part.blob };
    } catch (error) {
      if (protocolCode(error) === INVALID_PARAMS || protocolCode(error) === -32002)
        throw new HostFault('not_found', {
          id: 'host.servers.noLongerServes',
          values: { name: connection.name, uri, ...serverSaysValues(error) },
        });
      throw error;
    }
  });
}

/**
 * The direct children of the directory `uri` (every page), only from a server that declared
 * `directoryRead`; asking any other server is refused here, before anything is sent.
 */
export function readDirectory(connection: Connection, uri: string): Promise<DirectoryChild[]> {
  return connection.withClient({ id: 'host.servers.readFolderFailed', values: { uri } }, async (client) => {
    if (!skillsSupport(client.getServerCapabilities()).directoryRead) {
      throw new HostFault('unsupported', {
        id: 'host.servers.readsNoDirectories',
        values: { name: connection.name },
      });
    }
    const children: DirectoryChild[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      let page: z.infer<typeof directoryPage>;
      try {
        page = await client.request(
          { method: 'resources/directory/read', params: cursor === undefined ? { uri } : { uri, cursor } },
          directoryPage,
        );
      } catch (error) {
        const code = protocolCode(error);
        if (code === INVALID_PARAMS || code === METHOD_NOT_FOUND)
          throw new HostFault('not_found', {
            id: 'host.servers.notAFolder',
            values: { uri, name: connection.name, ...serverSaysValues(error) },
          });
        throw error;
      }
      for (const item of page.resources)
        children.push({ uri: item.uri, name: item.name, directory: item.mimeType === DIRECTORY });
      if (page.nextCursor === undefined || page.nextCursor === cursor) return children;
      cursor = page.nextCursor;
    }
    throw new HostFault('too_large', {
      id: 'host.servers.folderTooManyPages',
      values: { uri, pages: MAX_PAGES },
    });
  });
}
