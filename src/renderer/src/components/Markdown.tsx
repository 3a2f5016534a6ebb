// Renders untrusted markdown (model output): GFM, LaTeX math (KaTeX, no commands that reach outside), highlighted code
// with Copy, no raw HTML, no images, confirmed links.
import { createContext, memo, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type { ExtraProps } from 'react-markdown';
import { unwrapReply } from '../api/reply';
import { translate, useT } from '../i18n';
import { describeError } from './format';
import { Highlighted } from './Highlighted';
import { lazyPart, useLazyPart } from './lazyPart';
import type { Components } from './markdownPipeline';
import { normalizeMath } from './mathDelimiters';

/** True for an absolute `https:` URL. */
export function isHttpsUrl(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Opens an https link outside the app. In Electron the host asks the person first
 * (`app.openExternal`); in browser mode this asks, then opens a new tab without opener.
 * Resolves to whether the link was opened; anything but https is refused.
 */
export async function openLink(url: string): Promise<boolean> {
  if (!isHttpsUrl(url)) return false;
  const bridge = window.host;
  if (bridge) return unwrapReply(await bridge.invoke('app.openExternal', { url })) === true;
  if (!window.confirm(translate('common.link.confirmTab', { url }))) return false;
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}

type HastNode = NonNullable<ExtraProps['node']> | { type: string; value?: string; children?: unknown[] };

/** The plain text under a hast node (code blocks keep their newlines). */
function hastText(node: HastNode): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  const children = 'children' in node && Array.isArray(node.children) ? node.children : [];
  return children.map((child) => hastText(child as HastNode)).join('');
}

function codeLanguage(node: ExtraProps['node']): string | undefined {
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  if (code?.type !== 'element') return undefined;
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  return list.find((name) => name.startsWith('language-'))?.slice('language-'.length);
}

/** A Copy button that says "Copied" for a moment. */
export function CopyButton({ text, label }: { text: string; label?: string }): ReactNode {
  const t = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    const done = (next: 'copied' | 'failed') => {
      setState(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState('idle'), 1500);
    };
    if (!navigator.clipboard) return done('failed');
    navigator.clipboard.writeText(text).then(
      () => done('copied'),
      () => done('failed'),
    );
  };
  return (
    <button type="button" className="copy-button" onClick={copy} aria-label={label ?? t('common.copy.copy')}>
      {state === 'idle'
        ? t('common.copy.copy')
        : state === 'copied'
          ? t('common.copy.copied')
          : t('common.copy.failed')}
    </button>
  );
}

/** False while a block may still grow (the streaming tail): its code shows plain until it is finished. */
const HighlightCode = createContext(true);

function CodeBlock({ node, children }: { node?: ExtraProps['node']; children?: ReactNode }): ReactNode {
  const t = useT();
  const highlight = useContext(HighlightCode);
  const text = node ? hastText(node).replace(/\n$/, '') : '';
  const language = codeLanguage(node);
  return (
    <div className="md-code">
      <div className="md-code-bar">
        <span className="md-code-lang">{language ?? t('common.markdown.plainText')}</span>
        <CopyButton text={text} />
      </div>
      <pre>{highlight && language ? <Highlighted text={text} language={language} /> : children}</pre>
    </div>
  );
}

function Link({ href, children }: { href?: string; children?: ReactNode }): ReactNode {
  const t = useT();
  const [problem, setProblem] = useState<string>();
  const url = href ?? '';
  if (!isHttpsUrl(url)) {
    const why = url ? t('common.link.notOpenable', { url }) : undefined;
    return (
      <span className="md-link-off" title={why}>
        {children}
      </span>
    );
  }
  const open = () => {
    setProblem(undefined);
    openLink(url).catch((error: unknown) =>
      setProblem(t('common.link.openFailed', { error: describeError(error) })),
    );
  };
  return (
    <>
      <button type="button" className="md-link" title={t('common.link.title', { url })} onClick={open}>
        {children}
      </button>
      {problem ? <span className="md-link-problem">{problem}</span> : null}
    </>
  );
}

function Image({ alt }: { alt?: string }): ReactNode {
  const t = useT();
  return (
    <span className="md-image" title={t('common.markdown.imagesOff')}>
      {alt ? t('common.markdown.image', { alt }) : t('common.markdown.imageNoAlt')}
    </span>
  );
}

function Table({ children }: { children?: ReactNode }): ReactNode {
  return (
    <div className="md-table">
      <table>{children}</table>
    </div>
  );
}

/**
 * The Markdown parsers (about 0.14 MB) load with the first reply shown, or when the page is first idle,
 * rather than with the page; until then a reply shows as plain text.
 */
export const markdownPipeline = lazyPart(() =>
  import('./markdownPipeline').then((module) => module.markdownToReact),
);

/** KaTeX and its styles load when a reply first may hold math (a `$`); until then formulas show as code. */
export const mathRenderer = lazyPart(() => import('./mathRenderer').then((module) => module.rehypeKatex));

const components: Components = {
  a: ({ href, children }) => <Link href={href}>{children}</Link>,
  img: ({ alt }) => <Image alt={alt} />,
  pre: ({ node, children }) => <CodeBlock node={node}>{children}</CodeBlock>,
  table: ({ children }) => <Table>{children}</Table>,
};

/**
 * Markdown as React elements: raw HTML shows as text, images as their alt text, links open only after a yes.
 * `live`: the text may still grow (the tail of a streaming reply), so its code is not highlighted yet.
 */
export const Markdown = memo(function Markdown({
  text,
  live = false,
}: {
  text: string;
  live?: boolean;
}): ReactNode {
  const normalized = normalizeMath(text);
  const toReact = useLazyPart(markdownPipeline);
  const katex = useLazyPart(mathRenderer, normalized.includes('$'));
  if (!toReact) return <div className="md-plain">{text}</div>;
  const content = toReact(normalized, components, katex);
  return live ? <HighlightCode.Provider value={false}>{content}</HighlightCode.Provider> : content;
});
