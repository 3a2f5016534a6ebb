// Text with syntax highlighting: the highlighter's tree becomes React elements (escaped text), never HTML.
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { common, createLowlight } from 'lowlight';
import { memo, type ReactNode, useMemo } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import '../chat/markdown.css';

const lowlight = createLowlight(common);

/** Longer texts are shown plain: highlighting them would hold up the window. */
const MAX_HIGHLIGHT = 100_000;

/** Whether `language` can be highlighted here. */
export function canHighlight(language: string | undefined): language is string {
  return language !== undefined && lowlight.registered(language);
}

/** `<code>` with `text` highlighted as `language` (plain when unknown or too long). */
export const Highlighted = memo(function Highlighted({
  text,
  language,
}: {
  text: string;
  language?: string;
}): ReactNode {
  const content = useMemo(() => {
    if (!canHighlight(language) || text.length > MAX_HIGHLIGHT) return text;
    return toJsxRuntime(lowlight.highlight(language, text), { Fragment, jsx, jsxs });
  }, [text, language]);
  return <code className={canHighlight(language) ? `hljs language-${language}` : undefined}>{content}</code>;
});
