// Hides API keys in config.json's text before it reaches the renderer, and restores them when it comes back.
import { applyEdits, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';

/** What the renderer sees instead of a stored key. */
export const KEY_MASK = '••••••••';

/** `text` with every `models.providers[i].apiKey` replaced by the mask. */
export function maskKeys(text: string): string {
  const tree = parseTree(text);
  const providers = tree && findNodeAtLocation(tree, ['models', 'providers']);
  if (!providers?.children) return text;
  let masked = text;
  for (let index = providers.children.length - 1; index >= 0; index--) {
    const key = findNodeAtLocation(providers, [index, 'apiKey']);
    if (key?.type !== 'string') continue;
    masked = applyEdits(masked, modify(masked, ['models', 'providers', index, 'apiKey'], KEY_MASK, {}));
  }
  return masked;
}

type ProviderLike = { id?: unknown; apiKey?: unknown };

/** Puts the stored keys back where `raw` still carries the mask (matched by provider id). */
export function restoreKeys(raw: unknown, stored: ProviderLike[]): void {
  const providers = (raw as { models?: { providers?: unknown } } | null)?.models?.providers;
  if (!Array.isArray(providers)) return;
  for (const provider of providers as ProviderLike[]) {
    if (provider?.apiKey !== KEY_MASK) continue;
    const original = stored.find((candidate) => candidate.id === provider.id)?.apiKey;
    if (typeof original === 'string') provider.apiKey = original;
    else delete provider.apiKey;
  }
}
