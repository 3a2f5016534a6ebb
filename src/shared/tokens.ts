// Tokens counted from characters where no provider counts them: one rule for the host and the page.

/** About four characters per token: the usual rough rule for English text and code. */
export const CHARS_PER_TOKEN = 4;

/** About how many tokens `chars` characters make. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** About how many characters `tokens` tokens hold. */
export function charsOf(tokens: number): number {
  return tokens * CHARS_PER_TOKEN;
}
