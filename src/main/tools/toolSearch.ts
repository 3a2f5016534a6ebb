// Ranks a conversation's tools for a query: BM25 (MiniSearch's BM25+) over tool names, titles, descriptions and server names.
import MiniSearch from 'minisearch';
import type { CatalogueTool } from '../chat/modelTools';
import type { FoundTool } from './hostTools';

type Doc = { id: number; tool: string; title: string; description: string; server: string };

/** A name's own words count most, then its title, its server's name, and its description. */
const BOOST = { tool: 3, title: 2, server: 1.5, description: 1 };
/** A description is given to the model as its first line, at most this long. */
const SUMMARY_CHARS = 160;

/** Words of names and text: `createIssue`, `create_issue` and `create-issue` are all "create" and "issue". */
function tokenize(text: string): string[] {
  return text
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Lower case, and a plain English plural made singular, the same for the catalogue and the query. */
function processTerm(term: string): string {
  const word = term.toLowerCase();
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The first line (or sentence) of a description, cut to a length a list of results can afford. */
export function summaryOf(description: string | undefined): string | undefined {
  const line = description
    ?.trim()
    .split(/\n|(?<=[.!?])\s/u)[0]
    ?.trim();
  if (!line) return undefined;
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1)}…` : line;
}

/** Indexes of the latest catalogues searched, by their text: the next reply over the same tools reuses one. */
const recent = new Map<string, MiniSearch<Doc>>();
const KEPT_INDEXES = 4;

/** The search index of one catalogue, built (or taken from a recent reply) on the first search. */
export class ToolIndex {
  private index?: MiniSearch<Doc>;

  constructor(private readonly tools: readonly CatalogueTool[]) {}

  /** The `limit` best matches for `query`, best first; none for a query without words. */
  search(query: string, limit: number): FoundTool[] {
    if (tokenize(query).length === 0) return [];
    const hits = this.built().search(query, {
      boost: BOOST,
      combineWith: 'OR',
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
    });
    return hits.slice(0, limit).map((hit) => {
      const tool = this.tools[hit.id as number] as CatalogueTool;
      const description = summaryOf(tool.description);
      return {
        name: tool.name,
        server: tool.ref.server,
        tool: tool.ref.tool,
        ...(description ? { description } : {}),
      };
    });
  }

  private built(): MiniSearch<Doc> {
    if (this.index) return this.index;
    const key = JSON.stringify(
      this.tools.map((tool) => [tool.ref.server, tool.ref.tool, tool.title, tool.description]),
    );
    const kept = recent.get(key);
    if (kept) {
      recent.delete(key);
      recent.set(key, kept);
      this.index = kept;
      return kept;
    }
    const index = new MiniSearch<Doc>({
      fields: ['tool', 'title', 'description', 'server'],
      tokenize,
      processTerm,
    });
    index.addAll(
      this.tools.map((tool, id) => ({
        id,
        tool: tool.ref.tool,
        title: tool.title ?? '',
        description: tool.description ?? '',
        server: tool.ref.server,
      })),
    );
    recent.set(key, index);
    if (recent.size > KEPT_INDEXES) recent.delete(recent.keys().next().value as string);
    this.index = index;
    return index;
  }
}
