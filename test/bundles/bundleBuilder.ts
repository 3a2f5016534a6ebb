// Builds .mcpb files for tests: a manifest and files zipped the way `mcpb pack` does.
import { fileURLToPath, pathToFileURL } from 'node:url';
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
 * hello-bundle 1.0.0 whose server is the argv-echo fixture with `marker` as its last argument, so a test can
 * tell which bundle's code a server runs. Its token is required, as in `manifest()`.
 */
export function echoBundle(marker: string): Buffer {
  const echo = pathToFileURL(fileURLToPath(new URL('../fixtures/argv-echo.mjs', import.meta.url))).href;
  const code = `process.argv.push(${JSON.stringify(marker)});\nawait import(${JSON.stringify(echo)});\n`;
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
