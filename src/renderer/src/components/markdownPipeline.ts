// The Markdown pipeline, built once: GFM and math parsed, KaTeX rendered, raw HTML turned into text, URLs made safe,
// and the tree handed to React with our own components.
import type { Element, Nodes, Root } from 'hast';
import { type Components, toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { urlAttributes } from 'html-url-attributes';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { defaultUrlTransform } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

export type { Components };

/** KaTeX without `trust`: no \href, \url, \includegraphics or HTML commands; a formula it cannot read shows as text. */
const katexOptions = {
  throwOnError: false,
  strict: 'ignore',
  trust: false,
  maxSize: 20,
  maxExpand: 500,
} as const;

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkMath)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeKatex, katexOptions)
  .freeze();

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

/** `text` as React elements drawn by `components`; the same processor serves every call. */
export function markdownToReact(text: string, components: Components): ReactNode {
  const tree = processor.runSync(processor.parse(text)) as Root;
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
