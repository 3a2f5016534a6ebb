// The Markdown pipeline, built once: GFM and math parsed, KaTeX rendered (once loaded), raw HTML turned into text,
// URLs made safe, and the tree handed to React with our own components.
import type { Element, Nodes, Root } from 'hast';
import { type Components, toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type Plugin, unified } from 'unified';

export type { Components };

/** KaTeX without `trust`: no \href, \url, \includegraphics or HTML commands; a formula it cannot read shows as text. */
const katexOptions = {
  throwOnError: false,
  strict: 'ignore',
  trust: false,
  maxSize: 20,
  maxExpand: 500,
} as const;

const parsing = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkRehype, { allowDangerousHtml: true });

/** What the page asks of a processor: Markdown text in, a hast tree out. */
type Pipeline = { parse(text: string): unknown; runSync(tree: never): unknown };
type Katex = Plugin<[typeof katexOptions], Root>;

const plain: Pipeline = parsing().freeze();
let withMath: { katex: Katex; pipeline: Pipeline } | undefined;

/** Formulas as KaTeX once it is loaded (`katex`), else as code. */
function pipelineFor(katex: Katex | undefined): Pipeline {
  if (!katex) return plain;
  if (withMath?.katex !== katex) withMath = { katex, pipeline: parsing().use(katex, katexOptions).freeze() };
  return withMath.pipeline;
}

/** Raw HTML becomes its own text, and every URL attribute goes through the safe-protocol filter. */
function makeSafe(parent: Root | Element): void {
  const children = parent.children as Nodes[];
  for (let index = 0; index < children.length; index += 1) {
    const node = children[index];
    if (!node) continue;
    if (node.type === 'raw') {
      children[index] = { type: 'text', value: node.value };
    } else if (node.type === 'element') {
      for (const [name, tags] of Object.entries(urlAttributes)) {
        if (!Object.hasOwn(node.properties, name)) continue;
        if (tags === null || tags.includes(node.tagName)) {
          node.properties[name] = defaultUrlTransform(String(node.properties[name] ?? ''));
        }
      }
      makeSafe(node);
    }
  }
}

/** `text` as React elements drawn by `components`, formulas by `katex` when given; processors are built once. */
export function markdownToReact(text: string, components: Components, katex?: Katex): ReactNode {
  const pipeline = pipelineFor(katex);
  const tree = pipeline.runSync(pipeline.parse(text) as never) as Root;
  makeSafe(tree);
  return toJsxRuntime(tree, {
    Fragment,
    components,
    ignoreInvalidStyle: true,
    jsx,
    jsxs,
    passKeys: true,
    passNode: true,
  });
}
