// Model output as Markdown: one pipeline for every render, untrusted HTML and URLs made harmless, code highlighted
// only once its block is finished.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { highlighter } from '../../src/renderer/src/components/Highlighted';
import { Markdown, markdownPipeline, mathRenderer } from '../../src/renderer/src/components/Markdown';
import { markdownToReact } from '../../src/renderer/src/components/markdownPipeline';
import { I18nProvider } from '../../src/renderer/src/i18n';

const html = (text: string) => renderToStaticMarkup(markdownToReact(text, {}, mathRenderer.current()));
const markdown = (text: string, live = false) =>
  renderToStaticMarkup(createElement(I18nProvider, null, createElement(Markdown, { text, live })));

describe('Markdown before its parsers have loaded', () => {
  it('shows the reply as its plain text, HTML escaped', () => {
    expect(markdownPipeline.current()).toBeUndefined();
    const out = markdown('**bold** <img src=x onerror=alert(1)>');
    expect(out).toBe('<div class="md-plain">**bold** &lt;img src=x onerror=alert(1)&gt;</div>');
  });
});

describe('markdownToReact', () => {
  it('shows raw HTML as text, never as elements', () => {
    const out = html('Hello <script>alert(1)</script> <b>bold</b>');
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('<b>');
    expect(out).toContain('&lt;script&gt;');
  });

  it('empties links of unsafe protocols and keeps https', () => {
    expect(html('[a](javascript:alert(1))')).toContain('href=""');
    expect(html('[b](https://example.com/x)')).toContain('href="https://example.com/x"');
  });

  it('reads GFM tables and math, the math as code until KaTeX has loaded', async () => {
    expect(html('| a | b |\n|---|---|\n| 1 | 2 |')).toContain('<table>');
    expect(html('$$\nx^2\n$$')).toContain('language-math');
    await mathRenderer.load();
    expect(html('$$\nx^2\n$$')).toContain('katex');
  });

  it('gives the same answer on every call (the processor is shared, not spent)', () => {
    const text = '# Title\n\n- one\n- two';
    expect(html(text)).toBe(html(text));
  });
});

describe('Markdown', () => {
  const code = '```ts\nconst answer: number = 42;\n```';
  beforeAll(() => Promise.all([highlighter.load(), markdownPipeline.load()]));

  it('highlights a finished code block', () => {
    const out = markdown(code);
    expect(out).toContain('hljs language-ts');
    expect(out).toContain('hljs-keyword');
  });

  it('shows a block that may still grow as plain code', () => {
    const out = markdown(code, true);
    expect(out).not.toContain('hljs-keyword');
    expect(out).toContain('const answer: number = 42;');
  });
});
