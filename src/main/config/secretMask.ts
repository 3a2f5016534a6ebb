// Hides API keys, secret header values and OAuth secrets in config.json's text before it reaches the renderer, and restores them when it comes back.
import { applyEdits, findNodeAtLocation, type JSONPath, modify, type Node, parseTree } from 'jsonc-parser';
import {
  isSecretHeader,
  isSecretOAuthValue,
  OAUTH_SECRET_FIELDS,
  SECRET_MASK,
  unmaskEntry,
} from '../../shared/entrySecrets';
import type { ServerEntry } from '../../shared/types';

/** What the renderer sees instead of a stored key. */
export const KEY_MASK = SECRET_MASK;

/** `text` with every provider `apiKey`, secret server header and secret `oauth` value replaced by the mask. */
export function maskKeys(text: string): string {
  const tree = parseTree(text);
  if (!tree) return text;
  const paths: JSONPath[] = [];
  const providers = findNodeAtLocation(tree, ['models', 'providers']);
  providers?.children?.forEach((_, index) => {
    if (findNodeAtLocation(providers, [index, 'apiKey'])?.type === 'string') {
      paths.push(['models', 'providers', index, 'apiKey']);
    }
  });
  for (const server of findNodeAtLocation(tree, ['mcpServers'])?.children ?? []) {
    const name = server.children?.[0]?.value;
    const entry = server.children?.[1];
    if (typeof name !== 'string' || !entry) continue;
    for (const header of findNodeAtLocation(entry, ['headers'])?.children ?? []) {
      const [key, value] = header.children ?? [];
      if (typeof key?.value === 'string' && isStringNode(value) && isSecretHeader(key.value, value.value)) {
        paths.push(['mcpServers', name, 'headers', key.value]);
      }
    }
    for (const field of OAUTH_SECRET_FIELDS) {
      const value = findNodeAtLocation(entry, ['oauth', field]);
      if (isStringNode(value) && isSecretOAuthValue(value.value)) {
        paths.push(['mcpServers', name, 'oauth', field]);
      }
    }
  }
  let masked = text;
  for (const path of paths.reverse()) masked = applyEdits(masked, modify(masked, path, KEY_MASK, {}));
  return masked;
}

function isStringNode(node: Node | undefined): node is Node & { value: string } {
  return node?.type === 'string' && typeof node.value === 'string';
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

/** Puts stored header values and client secrets back where `raw` still carries the mask (matched by server name). */
export function restoreServerSecrets(raw: unknown, stored: Record<string, ServerEntry>): void {
  const servers = (raw as { mcpServers?: unknown } | null)?.mcpServers;
  if (!servers || typeof servers !== 'object' || Array.isArray(servers)) return;
  const record = servers as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    const entry = record[name];
    if (!entry || typeof entry !== 'object' || !('url' in entry)) continue;
    const previous = Object.hasOwn(stored, name) ? stored[name] : undefined;
    record[name] = unmaskEntry(entry as ServerEntry, previous);
  }
}
