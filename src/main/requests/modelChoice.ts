// Picks the configured model that best fits a server's model preferences (hints first, then priorities).
import type { ModelPreferencesView } from '../../shared/requests';

// Names that usually mean a larger, more capable model, and names that usually mean a small, fast, cheap one.
const CAPABLE = /opus|sonnet|gpt-5|gpt-4o|gpt-4\.1|\bo[134]\b|pro\b|large|ultra|70b|405b/i;
const QUICK = /mini|nano|haiku|flash|small|lite|tiny|fast|[^0-9]8b|\b[1-9]b\b/i;
/** A priority counts once it reaches this (priorities run from 0 to 1). */
const STRONG = 0.5;

/**
 * The model for a sampling request, as `provider/model` from `available`: the first model whose id
 * contains the first hint that matches any (case-insensitive), else by priorities — intelligence
 * above speed and cost prefers names like opus/gpt-5/4o/pro/large, speed or cost above intelligence
 * prefers mini/haiku/flash/small — else the default, else the first. `undefined` when none is configured.
 */
export function chooseModel(
  preferences: ModelPreferencesView | undefined,
  available: readonly string[],
  defaultModel?: string,
): string | undefined {
  if (available.length === 0) return defaultModel;
  // The default goes first, so among equally good names it wins.
  const ordered =
    defaultModel && available.includes(defaultModel)
      ? [defaultModel, ...available.filter((model) => model !== defaultModel)]
      : [...available];
  for (const hint of preferences?.hints ?? []) {
    const wanted = hint.name?.trim().toLowerCase();
    if (!wanted) continue;
    const match = available.find((model) => modelId(model).toLowerCase().includes(wanted));
    if (match) return match;
  }
  const lean = leaning(preferences);
  if (lean) {
    const fits = (model: string) => {
      const id = modelId(model);
      return lean === 'capable' ? CAPABLE.test(id) && !QUICK.test(id) : QUICK.test(id);
    };
    const match = ordered.find(fits);
    if (match) return match;
  }
  return ordered[0];
}

/** Which way the priorities lean, if clearly one way. */
function leaning(preferences: ModelPreferencesView | undefined): 'capable' | 'quick' | undefined {
  const intelligence = preferences?.intelligencePriority ?? 0;
  const quick = Math.max(preferences?.speedPriority ?? 0, preferences?.costPriority ?? 0);
  if (Math.max(intelligence, quick) < STRONG || intelligence === quick) return undefined;
  return intelligence > quick ? 'capable' : 'quick';
}

/** The model part of `provider/model`. */
function modelId(model: string): string {
  const slash = model.indexOf('/');
  return slash >= 0 ? model.slice(slash + 1) : model;
}
