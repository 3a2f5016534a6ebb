// Text with syntax highlighting: the highlighter's tree becomes React elements (escaped text), never HTML.
import { memo, type ReactNode, useMemo } from 'react';
import { lazyPart, useLazyPart } from './lazyPart';
import '../features/chat/markdown.css';

/** Loaded on first use: the highlighter and its grammars are a large part of the page's code. */
export const highlighter = lazyPart(() => import('./highlighter').then((module) => module.highlight));

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
  const highlight = useLazyPart(highlighter, language !== undefined && text.length <= MAX_HIGHLIGHT);
  const highlighted = useMemo(
    () => (highlight && language !== undefined ? highlight(text, language) : undefined),
    [highlight, text, language],
  );
  if (highlighted === undefined) return <code>{text}</code>;
  const classes = `hljs language-${language}`;
  return <code className={classes}>{highlighted}</code>;
});
