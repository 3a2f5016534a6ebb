// Math as models write it: `\[ … \]` and a line of `$$ … $$` become display math, `\( … \)` inline `$ … $`, as
// remark-math reads them; code (fenced blocks and inline spans) is left alone.

/** The text with its LaTeX delimiters rewritten outside code. */
export function normalizeMath(text: string): string {
  if (!text.includes('\\[') && !text.includes('\\(') && !text.includes('$$')) return text;
  const parts = text.split(/(```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`)/);
  return parts
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/\\\[([\s\S]+?)\\\]/g, (_match, body: string) => `\n$$\n${body.trim()}\n$$\n`)
            .replace(/\\\(([\s\S]+?)\\\)/g, (_match, body: string) => `$${body.trim()}$`)
            .replace(
              /^([ \t]*)\$\$([^\n]+?)\$\$[ \t]*$/gm,
              (_match, indent: string, body: string) => `${indent}$$\n${indent}${body.trim()}\n${indent}$$`,
            ),
    )
    .join('');
}
