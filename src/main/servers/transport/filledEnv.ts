// A local server whose environment holds references: filled in before it starts, its secrets masked in what it logs.
import { mapHostText } from '../../../shared/hostText';
import type { StdioServerEntry } from '../../../shared/types';
import { type FilledEnv, maskSecrets } from '../references/entryReferences';
import type { Launcher } from './launcher';

/** Fills an entry's environment for one start (may throw `MissingValue`). */
export type EnvFiller = (env: Readonly<Record<string, string>>) => Promise<FilledEnv>;

/**
 * A launcher for `entry` whose `prepare` fills the environment through `fill`, then hands the filled
 * entry to `launch`. What the server writes to stderr or stdout has the secret values masked.
 */
export function withFilledEnv(
  entry: StdioServerEntry,
  fill: EnvFiller,
  launch: (entry: StdioServerEntry) => Launcher,
): Launcher {
  const unfilled = launch(entry);
  let filled: Launcher | undefined;
  let hidden: string[] = [];
  const mask = (text: string) => maskSecrets(text, hidden);
  return {
    label: unfilled.label,
    key: unfilled.key,
    slowStartAdvice: unfilled.slowStartAdvice,
    async prepare() {
      const result = await fill(entry.env ?? {});
      // Also as they are written inside JSON strings, for the protocol log.
      hidden = [...result.secrets, ...result.secrets.map((secret) => JSON.stringify(secret).slice(1, -1))];
      filled = launch({ ...entry, env: result.env });
    },
    open(hooks) {
      if (!filled) throw new Error('The server was opened before its environment was filled in.');
      return filled.open({ ...hooks, log: (source, level, text) => hooks.log(source, level, mask(text)) });
    },
    explain: (error) => mapHostText((filled ?? unfilled).explain(error), mask),
    exitHint: () => filled?.exitHint?.(),
    mask,
  };
}
