// Builds .mcpb files for tests: a manifest and files zipped the way `mcpb pack` does.
import { zipSync } from 'fflate';

/** A bundle variable as a manifest writes it: `${name}`. */
export const v = (name: string) => ['$', `{${name}}`].join('');

/** A node server bundle's manifest (version 0.3), with `extra` merged over it. */
export function manifest(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    manifest_version: '0.3',
    name: 'hello-bundle',
    display_name: 'Hello bundle',
    version: '1.0.0',
    description: 'Says hello',
    author: { name: 'Test Author' },
    server: {
      type: 'node',
      entry_point: 'server/index.js',
      mcp_config: {
        command: 'node',
        args: [`${v('__dirname')}/server/index.js`, '--greeting', `${v('user_config.greeting')}`],
        env: { HELLO_TOKEN: `${v('user_config.token')}`, HELLO_HOME: `${v('HOME')}` },
      },
    },
    user_config: {
      token: { type: 'string', title: 'Token', description: 'Your token', sensitive: true, required: true },
      greeting: { type: 'string', title: 'Greeting', description: 'What to say', default: 'hello' },
    },
    ...extra,
  };
}

/** The zip bytes of a bundle with `manifestJson` (an object, or raw text) and `files` (path → text). */
export function bundle(manifestJson: unknown, files: Record<string, string> = {}): Buffer {
  const entries: Record<string, Uint8Array> = {};
  entries['manifest.json'] = Buffer.from(
    typeof manifestJson === 'string' ? manifestJson : JSON.stringify(manifestJson),
  );
  for (const [path, text] of Object.entries(files)) entries[path] = Buffer.from(text);
  return Buffer.from(zipSync(entries));
}

/**
 * A whole stdio MCP server in plain Node, with no imports: a bundle carries its own code, so it runs in the sandbox,
 * which shows a server its own folder and nothing of this repository. Its one tool, `argv`, answers its arguments.
 */
export const ARGV_SERVER = `import { createInterface } from 'node:readline';
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\\n');
const argv = { name: 'argv', description: 'Returns the arguments this server was started with, as JSON.', inputSchema: { type: 'object' } };
const answers = {
  initialize: (params) => ({ protocolVersion: params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'argv-echo', version: '1.0.0' } }),
  ping: () => ({}),
  'tools/list': () => ({ tools: [argv] }),
  'tools/call': () => ({ content: [{ type: 'text', text: JSON.stringify(process.argv.slice(2)) }] }),
};
for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.id === undefined) continue;
  const answer = answers[message.method];
  send(answer ? { id: message.id, result: answer(message.params ?? {}) } : { id: message.id, error: { code: -32601, message: 'Method not found' } });
}
`;

/**
 * hello-bundle 1.0.0 whose server answers its arguments with `marker` as the last, so a test can tell which
 * bundle's code a server runs. Its token is required, as in `manifest()`.
 */
export function echoBundle(marker: string): Buffer {
  const code = `process.argv.push(${JSON.stringify(marker)});\n${ARGV_SERVER}`;
  return bundle(
    manifest({
      server: {
        type: 'node',
        entry_point: 'server/index.mjs',
        mcp_config: {
          command: process.execPath,
          args: [`${v('__dirname')}/server/index.mjs`],
          env: { HELLO_TOKEN: v('user_config.token') },
        },
      },
    }),
    { 'server/index.mjs': code },
  );
}
