// Whether an elicitation field looks like it asks for a secret, which MCP servers must not do.
import type { Json } from '../../shared/types';

// Words that suggest a secret: passwords, keys, tokens, card and identity numbers.
const SECRET =
  /\b(pass(word|phrase|code)s?|passwd|pwd|secrets?|tokens?|api ?keys?|access ?keys?|private ?keys?|secret ?keys?|credentials?|credit ?cards?|card ?(number|no)|cc ?(number|num)|cvv|cvc|csc|security ?code|ssn|social ?security( ?number)?|pin( ?code)?|otp|one ?time ?(code|password)|2fa|mfa)\b/i;

/** True when a field's name, title or description suggests it asks for a secret (MCP says servers must not). */
export function looksSecret(name: string, property: { [key: string]: Json }): boolean {
  const words = [name, property.title, property.description]
    .filter((part): part is string => typeof part === 'string')
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' '))
    .join(' \n ');
  return SECRET.test(words) || property.format === 'password' || property.writeOnly === true;
}
