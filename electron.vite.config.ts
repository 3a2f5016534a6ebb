// Builds the three parts of the app: host (main), preload and renderer.
import { cp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { englishWhereSaid, precompiledMessages } from './scripts/precompiledMessages';

/**
 * The sandbox library's helper programs (seccomp), copied beside the host's bundle where the library looks for
 * them: programs cannot be bundled, and in the app they stay outside its archive (electron-builder.yml).
 */
function sandboxHelpers(): Plugin {
  const library = dirname(
    createRequire(import.meta.url).resolve('@anthropic-ai/sandbox-runtime/package.json'),
  );
  return {
    name: 'sandbox-helpers',
    async writeBundle(options) {
      if (!options.dir) return;
      await cp(join(library, 'vendor', 'seccomp'), join(options.dir, 'vendor', 'seccomp'), {
        recursive: true,
        // Only the programs, not the script that builds them.
        filter: (source) => !source.endsWith('.ts'),
      });
    },
  };
}

/** The modules of the page's languages, kept in one chunk. */
const I18N_MODULES =
  /[\\/](i18n|intl-messageformat|react-intl|@formatjs)[\\/]|[\\/]locales[\\/]en[\\/]common\.json$/;

export default defineConfig({
  main: {
    plugins: [sandboxHelpers()],
    build: {
      // One minified bundle with its dependencies: Node reads, resolves and parses far less before the
      // first server spawns (bench/launch.ts). Only Node's own modules, Electron and sharp (a native module,
      // loaded when an image must be made smaller) stay outside.
      externalizeDeps: false,
      minify: true,
      rollupOptions: {
        external: ['sharp'],
        input: {
          index: resolve('src/main/index.ts'),
          web: resolve('src/main/web.ts'),
          workspace: resolve('src/workspace/main.ts'),
          // The sandbox library, which the worker for servers that may reach any host loads as a second copy.
          sandboxLibrary: resolve('src/main/sandbox/library.ts'),
          // Not part of the app: the client the MCP conformance runner drives (scripts/conformance-client.mjs).
          conformance: resolve('src/conformance/client.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: {
      minify: true,
      // The window loads its code from disk (Electron) or loopback (browser mode), never over a network, so a
      // large chunk costs only its parse. The large ones are Monaco (about 2.7 MB, one library that cannot be
      // split) and the window's own code, both parsed once; Monaco only when an editor first opens.
      chunkSizeWarningLimit: 3000,
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html') },
        // The page's languages (the library, its catalogue code and the English every part says) in one chunk: split
        // by who shares them they were four small files, and each file the first load waits for costs it a request.
        output: {
          codeSplitting: {
            groups: [{ name: 'i18n', test: I18N_MODULES }],
          },
        },
      },
    },
    // The catalogues arrive parsed, so the page leaves the message parser out (FormatJS's own way to do this).
    resolve: {
      alias: [
        {
          find: /^@formatjs\/icu-messageformat-parser$/,
          replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
        },
      ],
    },
    plugins: [
      precompiledMessages(resolve('src/renderer/src/i18n/lazyMessages.ts')),
      englishWhereSaid({
        registry: resolve('src/renderer/src/i18n/catalogues.ts'),
        pageEnglish: resolve('src/renderer/src/locales/en'),
      }),
      react(),
    ],
  },
});
