// Math as models write it: `\[ … \]` and `\( … \)` become the `$$ … $$` and `$ … $` that remark-math reads, outside code.

/** Code (fenced blocks and inline spans) is left as it is; everything else has its LaTeX delimiters rewritten. */
export function normalizeMath(text: string): string {
  if (!text.includes('\\[') && !text.includes('\\(')) return text;
  const parts = text.split(/(```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`)/);
  return parts
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/\\\[([\s\S]+?)\\\]/g, (_match, body: string) => `$$${body}$$`)
            .replace(/\\\(([\s\S]+?)\\\)/g, (_match, body: string) => `$${body.trim()}$`),
    )
    .join('');
}
