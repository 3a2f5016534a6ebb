// Whether a tool's name says it runs code: whole words of the name (split on _ - . and camelCase) such as exec, shell or run_command.
/** Words that alone name running code. */
const CODE_WORDS: ReadonlySet<string> = new Set([
  'exec',
  'execute',
  'shell',
  'bash',
  'zsh',
  'powershell',
  'terminal',
  'eval',
  'python',
  'spawn',
  'repl',
  'subprocess',
]);

/** Words that name running code after a verb of starting: run_command, run_code, start_process. */
const STARTED: Record<string, ReadonlySet<string>> = {
  run: new Set(['command', 'commands', 'code', 'script', 'shell', 'process', 'python']),
  start: new Set(['process', 'shell', 'terminal']),
};

/** The words of a tool's name, lower-cased: `runCommand`, `run_command` and `run-command` all give run, command. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.\-/]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

/** The words of `name` that say it runs code ("run command"), or undefined when none do. */
export function codeWordsIn(name: string): string | undefined {
  const words = wordsOf(name);
  for (const [index, word] of words.entries()) {
    if (CODE_WORDS.has(word)) return word;
    const next = words[index + 1];
    if (next !== undefined && STARTED[word]?.has(next)) return `${word} ${next}`;
  }
  return undefined;
}
