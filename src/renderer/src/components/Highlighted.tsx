// Text with syntax highlighting: the highlighter's tree becomes React elements (escaped text), never HTML.
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { memo, type ReactNode, useMemo } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { lazyPart, useLazyPart } from './lazyPart';
import '../features/chat/markdown.css';

/** Loaded on first use: the highlighter and its grammars are a large part of the page's code. */
export const highlighter = lazyPart(() => import('./highlighter').then((module) => module.lowlight));

/** Longer texts are shown plain: highlighting them would hold up the window. */
const MAX_HIGHLIGHT = 100_000;

/** `<code>` with `text` highlighted as `language` (plain while the highlighter loads, and when unknown or too long). */
export const Highlighted = memo(function Highlighted({
  text,
  language,
}: {
  text: string;
  language?: string;
}): ReactNode {
  const lowlight = useLazyPart(highlighter, language !== undefined && text.length <= MAX_HIGHLIGHT);
  const known = lowlight !== undefined && language !== undefined && lowlight.registered(language);
  const content = useMemo(() => {
    if (!known) return text;
    return toJsxRuntime(lowlight.highlight(language, text), { Fragment, jsx, jsxs });
  }, [known, lowlight, text, language]);
  return <code className={known ? `hljs language-${language}` : undefined}>{content}</code>;
});
