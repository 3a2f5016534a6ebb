// Persists each server's negotiated protocol era in the data folder.
import type { PriorDiscovery } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { EraCache } from '../servers/session/eras';
import { JsonSettingsStore, type SettingsWords } from './jsonSettingsStore';

/** What was learnt of one server: a legacy server, or a modern one's `server/discover` answer (the SDK checks it). */
const priorSchema = z.union([
  z.object({ kind: z.literal('legacy') }),
  z.looseObject({ kind: z.literal('modern'), discover: z.looseObject({}) }),
]);
const fileSchema = z
  .record(z.string(), priorSchema)
  .transform((entries) => entries as Record<string, PriorDiscovery>);

const WORDS: SettingsWords = {
  unreadable: (why) => `Could not read the remembered protocol versions (${why}); they are found again.`,
  damaged: (kept) => `The remembered protocol versions were damaged; they are found again. ${kept}`,
};

export class FileEraCache implements EraCache {
  private readonly entries: Record<string, PriorDiscovery>;
  private readonly file: JsonSettingsStore<Record<string, PriorDiscovery>>;

  /** Reads the file at once, so the first connection already knows its server's era. */
  constructor(path: string, onProblem?: (message: string) => void) {
    this.file = new JsonSettingsStore(path, { schema: fileSchema, words: WORDS, onProblem, compact: true });
    this.entries = { ...this.file.loadSync() };
  }

  get(key: string): PriorDiscovery | undefined {
    return this.entries[key];
  }

  set(key: string, prior: PriorDiscovery | undefined): void {
    if (JSON.stringify(this.entries[key]) === JSON.stringify(prior)) return;
    if (prior) this.entries[key] = prior;
    else delete this.entries[key];
    // A cache: a write that fails costs only a second negotiation next time.
    this.file.save({ ...this.entries }).catch(() => {});
  }
}
