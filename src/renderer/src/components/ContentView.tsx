// Shows a tool result's content blocks as plain text, media and links: untrusted text is never HTML, and large
// text, JSON and media show their start or size until the person asks for the whole.
import { type ReactNode, useMemo, useState } from 'react';
import type { Truncated } from '../../../shared/payloads';
import type { ContentBlock, ToolCallResult } from '../../../shared/types';
import { useHost } from '../api';
import { Message, useT } from '../i18n';
import { actions } from '../store';
import { describeError, formatSize } from './format';
import { LargeText } from './LargeText';
import { MEDIA_INLINE_CHARS } from './largeText';
import { base64LengthSize, base64Size, mediaUrl } from './media';
import { useWhole } from './useWhole';
import './components.css';

/** About how many bytes base64 data holds, whether sent whole or only counted (`truncated`). */
function dataBytes(data: string, truncated?: Truncated): number {
  return truncated ? base64LengthSize(truncated.length) : base64Size(data);
}

function isHttps(uri: string): boolean {
  try {
    return new URL(uri).protocol === 'https:';
  } catch {
    return false;
  }
}

function ExternalLink({ url }: { url: string }): ReactNode {
  const t = useT();
  const host = useHost();
  const [problem, setProblem] = useState<string>();
  const open = (): void => {
    setProblem(undefined);
    host.invoke('app.openExternal', { url }).catch((error: unknown) => {
      setProblem(t('common.link.openFailed', { error: describeError(error) }));
    });
  };
  return (
    <>
      <button type="button" className="content-link" title={t('common.content.openInBrowser')} onClick={open}>
        {url}
      </button>
      {problem && <span className="content-problem">{problem}</span>}
    </>
  );
}

function Media({
  family,
  mimeType,
  data,
  truncated,
}: {
  family: 'image' | 'audio';
  mimeType: string;
  data: string;
  truncated?: Truncated;
}): ReactNode {
  const t = useT();
  const [asked, setAsked] = useState(false);
  const [fetched, setFetched] = useState<string>();
  const fetching = useWhole();
  const whole = fetched ?? data;
  const large = truncated !== undefined || data.length > MEDIA_INLINE_CHARS;
  const shown = !large || (asked && (!truncated || fetched !== undefined));
  const src = useMemo(
    () => (shown ? mediaUrl(family, mimeType, whole) : null),
    [family, mimeType, whole, shown],
  );
  const size = formatSize(dataBytes(data, truncated));
  const about = { family, mimeType, size };
  const ask = async (): Promise<void> => {
    if (truncated?.id) {
      const outcome = await fetching.fetch(truncated.id);
      if (!outcome.ok) return;
      setFetched(outcome.value);
    }
    setAsked(true);
  };
  if (!shown) {
    const canLoad = !truncated || (truncated.id !== undefined && !fetching.gone);
    return (
      <p className="content-note">
        {t('common.content.media', about)}{' '}
        {canLoad ? (
          <button type="button" className="small" disabled={fetching.pending} onClick={() => void ask()}>
            {fetching.pending
              ? t('common.fetching')
              : family === 'image'
                ? t('common.content.showImage')
                : t('common.content.loadAudio')}
          </button>
        ) : (
          t('common.content.mediaGone')
        )}
        {fetching.error && (
          <span className="content-problem">
            {' '}
            {t('common.content.fetchFailed', { error: fetching.error })}
          </span>
        )}
      </p>
    );
  }
  if (!src) {
    return <p className="content-note">{t('common.content.mediaNotShown', about)}</p>;
  }
  if (family === 'image') {
    return (
      <figure className="content-figure">
        <img className="content-image" src={src} alt={t('common.content.imageAlt', { mimeType })} />
        <figcaption className="content-note">
          {mimeType}, {size}
        </figcaption>
      </figure>
    );
  }
  return (
    <audio className="content-audio" controls src={src}>
      <track kind="captions" />
    </audio>
  );
}

/** Opens a server's resource in the Resources preview (it is read from the server, not from the result). */
function PreviewLink({ server, uri, name }: { server: string; uri: string; name: string }): ReactNode {
  const t = useT();
  return (
    <button
      type="button"
      className="small"
      aria-label={t('common.content.openNamedInResources', { name })}
      onClick={() => {
        actions.resourceSelected({ server, uri, name });
        actions.sectionSelected('resources');
      }}
    >
      {t('common.content.openInResources')}
    </button>
  );
}

/** A value as indented JSON, stringified once per value, its start only when large. */
function JsonText({ value, label }: { value: unknown; label: string }): ReactNode {
  const text = useMemo(() => JSON.stringify(value, null, 2) ?? String(value), [value]);
  return <LargeText text={text} label={label} language="json" />;
}

function Block({ block, server }: { block: ContentBlock; server?: string }): ReactNode {
  const t = useT();
  switch (block.type) {
    case 'text':
      return (
        <LargeText text={block.text} truncated={block.truncated} label={t('common.content.resultText')} />
      );
    case 'image':
    case 'audio':
      return (
        <Media family={block.type} mimeType={block.mimeType} data={block.data} truncated={block.truncated} />
      );
    case 'resource': {
      const { uri, mimeType, text, blob, truncated } = block.resource;
      return (
        <div className="content-resource">
          <p className="content-meta">
            <Message
              id="common.content.embedded"
              values={{
                uri,
                mimeType: mimeType || t('common.content.noType'),
                code: (chunks: ReactNode[]) => <code>{chunks}</code>,
                mime: (chunks: ReactNode[]) => <span className="content-mime">{chunks}</span>,
              }}
            />
          </p>
          {text !== undefined && (
            <LargeText text={text} truncated={truncated} label={t('common.content.textOf', { uri })} />
          )}
          {(blob !== undefined || (text === undefined && truncated)) && (
            <p className="content-note">
              {t('common.content.binary', {
                size: formatSize(dataBytes(blob ?? '', truncated)),
                mimeType: mimeType ?? '',
                hasType: mimeType ? 'yes' : 'no',
              })}
            </p>
          )}
        </div>
      );
    }
    case 'resource_link':
      return (
        <div className="content-resource-link">
          <p className="content-meta">
            <strong>{block.title || block.name}</strong>
            {block.title && block.title !== block.name && (
              <span className="content-mime"> ({block.name})</span>
            )}
            {block.mimeType && <span className="content-mime"> · {block.mimeType}</span>}
          </p>
          <p className="content-uri">
            {isHttps(block.uri) ? <ExternalLink url={block.uri} /> : <code>{block.uri}</code>}{' '}
            {server && !isHttps(block.uri) ? (
              <PreviewLink server={server} uri={block.uri} name={block.title || block.name} />
            ) : null}
          </p>
          {block.description && <p className="content-description">{block.description}</p>}
        </div>
      );
    default:
      return (
        <div className="content-unknown">
          <p className="content-note">{t('common.content.unknown')}</p>
          <JsonText value={block} label={t('common.content.unknownLabel')} />
        </div>
      );
  }
}

/**
 * Renders every content block of a tool result, its structured content, and `isError` as an alert.
 * With `server`, a link to one of that server's resources opens it in the Resources preview.
 */
export function ContentView({ result, server }: { result: ToolCallResult; server?: string }): ReactNode {
  const t = useT();
  const blocks = result.content ?? [];
  const { structuredContent, structuredPreview } = result;
  const structured = structuredPreview ? (
    <LargeText
      text={structuredPreview.text}
      truncated={structuredPreview.truncated}
      label={t('common.content.structuredLabel')}
      language="json"
    />
  ) : structuredContent !== undefined ? (
    <JsonText value={structuredContent} label={t('common.content.structuredLabel')} />
  ) : null;
  const empty = blocks.length === 0 && !structured;
  const body = (
    <>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity and never reorder
        <Block key={index} block={block} server={server} />
      ))}
      {structured && (
        <section className="content-structured" aria-label={t('common.content.structured')}>
          <h4>{t('common.content.structured')}</h4>
          {structured}
        </section>
      )}
      {empty && <p className="content-note">{t('common.content.empty')}</p>}
    </>
  );
  if (!result.isError) return <div className="content-view">{body}</div>;
  return (
    <div className="content-view content-error" role="alert">
      <p className="content-error-title">{t('common.content.toolError')}</p>
      {body}
    </div>
  );
}

export default ContentView;
