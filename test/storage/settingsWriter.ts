// Saves two large values in turn through a settings store, as fast as it can, and says `saved` after each.
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { JsonSettingsStore } from '../../src/main/storage/jsonSettingsStore';

export const FILL_BYTES = 4 * 1024 * 1024;
export const fillSchema = z.object({ fill: z.string() });

/** What the file may hold: one of the two values, whole. */
export const FILLS = ['a', 'b'].map((letter) => letter.repeat(FILL_BYTES));

/** Run as a script (`node --import tsx settingsWriter.ts <path>`), it writes `path` until it is killed. */
const path = process.argv[1] === fileURLToPath(import.meta.url) ? process.argv[2] : undefined;
if (path) {
  const store = new JsonSettingsStore(path, {
    schema: fillSchema,
    words: { unreadable: (why) => why, damaged: (kept) => kept },
  });
  for (let round = 0; ; round++) {
    await store.save({ fill: FILLS[round % 2] ?? '' });
    process.stdout.write('saved\n');
  }
}
