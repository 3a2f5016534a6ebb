// A small fuzzy scorer: a query matches when its letters appear in order; contiguous and word-start hits score higher.

const SEPARATORS = new Set([' ', '-', '_', '.', '/', ':', '\\']);

const CONTIGUOUS = 6;
const WORD_START = 8;
const FIRST_CHAR = 10;
const SUBSTRING = 20;
const PREFIX = 30;
const EXACT = 50;
const MAX_GAP_PENALTY = 10;

function isWordStart(text: string, index: number): boolean {
  if (index === 0) return true;
  const before = text[index - 1] ?? '';
  const here = text[index] ?? '';
  if (SEPARATORS.has(before)) return true;
  return before === before.toLowerCase() && here !== here.toLowerCase();
}

/** One left-to-right alignment; `preferWordStarts` jumps to the next word start of a letter when there is one. */
function align(needle: string, text: string, hay: string, preferWordStarts: boolean): number | null {
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const char of needle) {
    let index = hay.indexOf(char, from);
    if (index < 0) return null;
    if (preferWordStarts && index !== previous + 1) {
      for (let at = index; at >= 0; at = hay.indexOf(char, at + 1)) {
        if (isWordStart(text, at)) {
          index = at;
          break;
        }
      }
    }
    score += 1;
    if (index === previous + 1) score += CONTIGUOUS;
    if (isWordStart(text, index)) score += WORD_START;
    if (index === 0) score += FIRST_CHAR;
    if (previous >= 0) score -= Math.min(MAX_GAP_PENALTY, index - previous - 1);
    previous = index;
    from = index + 1;
  }
  return score;
}

/**
 * How well `query` matches `text` (case-insensitive), or null when its characters do not appear in order.
 * Whitespace in the query is ignored. An empty query matches everything with score 0.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const needle = query.replace(/\s+/g, '').toLowerCase();
  if (needle === '') return 0;
  const hay = text.toLowerCase();
  const plain = align(needle, text, hay, false);
  if (plain === null) return null;
  let score = Math.max(plain, align(needle, text, hay, true) ?? plain);
  const at = hay.indexOf(needle);
  if (hay === needle) score += EXACT;
  else if (at === 0) score += PREFIX;
  else if (at > 0 && isWordStart(text, at)) score += SUBSTRING;
  return score;
}

/** A field to search and how much its score counts. */
export type WeightedField = { text: string | undefined; weight?: number };

/** The best weighted score of `query` over `fields`, or null when none matches. */
export function bestScore(query: string, fields: readonly WeightedField[]): number | null {
  let best: number | null = null;
  for (const { text, weight = 1 } of fields) {
    if (!text) continue;
    const score = fuzzyScore(query, text);
    if (score !== null && (best === null || score * weight > best)) best = score * weight;
  }
  return best;
}

/** The items matching `query`, best first; ties keep their order. An empty query keeps every item in order. */
export function rankFuzzy<T>(
  items: readonly T[],
  query: string,
  fields: (item: T) => readonly WeightedField[],
): T[] {
  if (query.trim() === '') return [...items];
  const scored: { item: T; score: number; index: number }[] = [];
  items.forEach((item, index) => {
    const score = bestScore(query, fields(item));
    if (score !== null) scored.push({ item, score, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.map((entry) => entry.item);
}
