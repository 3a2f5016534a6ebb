// The server form's sandbox fields: every setting an entry can hold comes back as it was, and bad hosts are named.
import { describe, expect, it } from 'vitest';
import { sandboxDraftOf, sandboxSettingOf } from '../../src/renderer/src/features/settings/sandboxDraft';
import { draftFromEntry, entryFromDraft } from '../../src/renderer/src/features/settings/serverDraft';
import type { StdioServerEntry } from '../../src/shared/types';

describe('the sandbox in the server form', () => {
  it('keeps each setting through the form, an entry without one included', () => {
    const settings: StdioServerEntry['sandbox'][] = [
      undefined,
      false,
      { network: 'none' },
      { network: 'any' },
      { network: ['registry.npmjs.org', '127.0.0.1:8080'] },
    ];
    for (const sandbox of settings) {
      const entry: StdioServerEntry = {
        command: 'npx',
        args: ['-y', 'pkg'],
        ...(sandbox === undefined ? {} : { sandbox }),
      };
      const built = entryFromDraft(draftFromEntry(entry), { server: 's', taken: new Set() });
      expect(built).toMatchObject({ entry, problems: [] });
    }
  });

  it('names a host it cannot use, and turns the sandbox off when asked', () => {
    const draft = {
      ...sandboxDraftOf(undefined),
      network: 'hosts' as const,
      hosts: 'example.com\nhttp://x.org\n',
    };
    expect(sandboxSettingOf(draft).problems).toEqual([
      expect.stringContaining('"http://x.org" is not a host'),
    ]);
    expect(sandboxSettingOf({ ...draft, on: false })).toEqual({ setting: false, problems: [] });
  });
});
