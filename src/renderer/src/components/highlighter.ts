// The syntax highlighter (lowlight with its common languages), loaded the first time code is shown.
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { common, createLowlight } from 'lowlight';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

/** A highlighter with the languages most replies and tool arguments use. */
const lowlight = createLowlight(common);

/** `text` highlighted as `language`, as React elements (escaped text, never HTML); undefined for a language it does not know. */
export function highlight(text: string, language: string): ReactNode | undefined {
  if (!lowlight.registered(language)) return undefined;
  return toJsxRuntime(lowlight.highlight(language, text), { Fragment, jsx, jsxs });
}
