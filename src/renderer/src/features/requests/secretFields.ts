// Spots form fields that ask for secrets (passwords, keys, card numbers) by their name, title and description.

const SECRET_WORDS = [
  /\bpass(word|phrase|code)s?\b/,
  /\bpasswd\b/,
  /\bpwd\b/,
  /\b(access|auth|api|bearer|refresh|session|secret|security|personal access) token\b/,
  /\btoken\b(?! (count|limit|budget|usage|used))/,
  /\b(api|access|secret|private|signing|encryption|license|ssh|gpg|pgp) ?keys?\b/,
  /\bapikey\b/,
  /\bsecrets?\b/,
  /\bcredit ?cards?\b/,
  /\b(card|account|routing|iban|bank) ?(number|no|num)\b/,
  /\bcc ?(number|num|no)\b/,
  /\b(cvv|cvc|cvv2|csc)\b/,
  /\bssn\b/,
  /\bsocial security\b/,
  /\b(tax|national) id\b/,
  /\bpin( code| number)?\b/,
  /\bseed phrase\b/,
  /\brecovery (phrase|code)s?\b/,
  /\b(otp|totp|2fa|mfa)\b/,
  /\bone time (code|password|pin)\b/,
  /\bcredentials?\b/,
];

/** `apiKey`, `api_key`, `API-Key` → `api key`: words a person would read. */
export function normaliseWords(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-./:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
}

/** True when the text reads like a request for a password, key, card number or similar secret. */
export function mentionsSecret(text: string | undefined): boolean {
  if (!text) return false;
  const words = normaliseWords(text);
  return SECRET_WORDS.some((pattern) => pattern.test(words));
}

const NEGATION = /\b(not|never|no|don't|do not|dont|without)\b/i;

/** The description's clauses that do not say "not" (`do not give us your PIN` asks for no PIN). */
export function affirmativeClauses(text: string): string[] {
  return text.split(/[.;:!?()[\]\n]+/).filter((clause) => clause.trim() !== '' && !NEGATION.test(clause));
}

/** True when a field's name, title or description suggests it asks for a secret. */
export function looksSecret(name: string, title?: string, description?: string): boolean {
  if (mentionsSecret(name) || mentionsSecret(title)) return true;
  return affirmativeClauses(description ?? '').some(mentionsSecret);
}
