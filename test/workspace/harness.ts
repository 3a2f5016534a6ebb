// Test harness for the workspace server: temp folders, and a real Client connected in-process that answers
// roots/list, sampling and elicitation the way a host would.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type CallToolResult,
  Client,
  type ClientCapabilities,
  type CreateMessageRequest,
  type ElicitRequest,
  type ElicitResult,
  InMemoryTransport,
} from '@modelcontextprotocol/client';
import { createWorkspaceServer, type WorkspaceServer } from '../../src/workspace/server';

export { until } from '../helpers';

/** A fresh temp folder (its real path), removed by `cleanup`. */
export async function tempFolder(prefix = 'ws-'): Promise<string> {
  return realpath(await mkdtemp(path.join(tmpdir(), prefix)));
}

/** Writes files (creating folders) under `base`: `{ 'a/b.txt': 'text' }`. */
export async function writeTree(base: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const full = path.join(base, relative);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
  }
}

/** Creates a symlink at `base/relative` pointing to `target`. */
export async function link(base: string, relative: string, target: string): Promise<void> {
  await symlink(target, path.join(base, relative));
}

export async function removeAll(...folders: string[]): Promise<void> {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
}

export type HarnessOptions = {
  /** Folders to share; `null` makes a client without the roots capability. */
  roots?: string[] | null;
  /** The text the "model" answers with; `false` makes a client without sampling. */
  sampling?: string | false;
  /** The person's answer to a form; `false` makes a client without elicitation. */
  elicitation?: ElicitResult | false;
  /** roots/list answers only once this settles (the host asking the person first). */
  holdRoots?: Promise<void>;
  /** Passed to the server: how long lists wait for roots. */
  listWaitMs?: number;
};

/** A connected client and server, with what the client has received. */
export type Harness = {
  client: Client;
  server: WorkspaceServer;
  updated: string[];
  listChanged: () => number;
  samplingRequests: CreateMessageRequest['params'][];
  elicitRequests: ElicitRequest['params'][];
  /** Replaces the shared folders and tells the server (roots/list_changed). */
  setRoots: (folders: string[]) => Promise<void>;
  call: (name: string, args?: Record<string, unknown>) => Promise<CallToolResult>;
  close: () => Promise<void>;
};

/** Connects a real Client to a fresh workspace server over an in-memory transport pair. */
export async function connectWorkspace(options: HarnessOptions = {}): Promise<Harness> {
  let roots = options.roots === null ? [] : (options.roots ?? []);
  const capabilities: ClientCapabilities = {};
  if (options.roots !== null) capabilities.roots = { listChanged: true };
  if (options.sampling !== false) capabilities.sampling = {};
  if (options.elicitation !== false) capabilities.elicitation = { form: {} };

  const client = new Client({ name: 'test-host', version: '1.0.0' }, { capabilities });
  const updated: string[] = [];
  let listChanged = 0;
  const samplingRequests: CreateMessageRequest['params'][] = [];
  const elicitRequests: ElicitRequest['params'][] = [];

  if (options.roots !== null) {
    client.setRequestHandler('roots/list', async () => {
      await options.holdRoots;
      return {
        roots: roots.map((folder) => ({ uri: pathToFileURL(folder).href, name: path.basename(folder) })),
      };
    });
  }
  if (options.sampling !== false) {
    const text = options.sampling ?? 'A fixed summary.';
    client.setRequestHandler('sampling/createMessage', (request) => {
      samplingRequests.push(request.params);
      return { role: 'assistant', content: { type: 'text', text }, model: 'test-model' };
    });
  }
  if (options.elicitation !== false) {
    const answer = options.elicitation ?? { action: 'accept', content: { title: 'A note' } };
    client.setRequestHandler('elicitation/create', (request) => {
      elicitRequests.push(request.params);
      return answer;
    });
  }
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    updated.push(notification.params.uri);
  });
  client.setNotificationHandler('notifications/resources/list_changed', () => {
    listChanged++;
  });

  const server = createWorkspaceServer(
    options.listWaitMs === undefined ? {} : { listWaitMs: options.listWaitMs },
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.mcp.connect(serverSide);
  await client.connect(clientSide);

  return {
    client,
    server,
    updated,
    listChanged: () => listChanged,
    samplingRequests,
    elicitRequests,
    setRoots: async (folders) => {
      roots = folders;
      await client.sendRootsListChanged();
    },
    call: (name, args = {}) => client.callTool({ name, arguments: args }),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The text of a tool result's first text block. */
export function textOf(result: CallToolResult): string {
  const block = result.content.find((item) => item.type === 'text');
  return block?.type === 'text' ? block.text : '';
}
