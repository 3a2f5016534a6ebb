// The installer config: electron-builder's own schema accepts it, and it flips the fuses the checklist asks for.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// electron-builder's config loader and YAML parser, from the pinned electron-builder's own library.
const builderRequire = createRequire(createRequire(import.meta.url).resolve('app-builder-lib'));
const yaml = builderRequire('js-yaml') as { load(text: string): unknown };
const { validateConfiguration } = builderRequire('./util/config/config.js') as {
  validateConfiguration(config: unknown, logger: { warn(message: string): void }): Promise<void>;
};

const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown>;

describe('electron-builder.yml', () => {
  it("passes electron-builder's own configuration schema", async () => {
    await expect(validateConfiguration(config, { warn: () => {} })).resolves.toBeUndefined();
  });

  it('turns off running as Node, NODE_OPTIONS, --inspect and file:// privileges, and loads only a verified app.asar', () => {
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});
