// One content of a read resource: text in a read-only editor, images and audio from data: URLs, other bytes to save;
// a large one shows its start (or its size) until the person asks for the whole.
import { type ReactNode, useState } from 'react';
import type { ResourceContentsView } from '../../../../shared/resources';
import { formatSize } from '../../components/format';
import { JsonEditor } from '../../components/JsonEditor';
import { Markdown } from '../../components/Markdown';
import { base64LengthSize, base64Size, mediaUrl } from '../../components/media';
import { useCommand } from '../../components/useCommand';
import { useWhole } from '../../components/useWhole';
import { Message, useT } from '../../i18n';
import { base64Text, editorLanguage, isTextMime, resourceKind } from './mime';
import '../chat/markdown.css';
import { saveContents } from './saveContents';
import { useEditorLanguages } from './useEditorLanguages';

function TextContent({ text, mimeType, uri }: { text: string; mimeType?: string; uri: string }): ReactNode {
  const t = useT();
  const language = editorLanguage(mimeType, uri);
  const [source, setSource] = useState(false);
  if (language !== 'markdown') return <SourceText text={text} language={language} uri={uri} />;
  // Markdown reads as it is meant to, rendered as the chat renders a reply (no HTML, no images, links asked first).
  return (
    <div className="resource-markdown-frame">
      <div className="button-row">
        <button type="button" className="small" aria-pressed={source} onClick={() => setSource(!source)}>
          {t('resources.content.showSource')}
        </button>
      </div>
      {source ? (
        <SourceText text={text} language={language} uri={uri} />
      ) : (
        <section className="resource-markdown markdown" aria-label={t('resources.content.label', { uri })}>
          <Markdown text={text} />
        </section>
      )}
    </div>
  );
}

function SourceText({ text, language, uri }: { text: string; language: string; uri: string }): ReactNode {
  const t = useT();
  const ready = useEditorLanguages();
  if (!ready) return <p className="muted resource-loading">{t('resources.content.loadingEditor')}</p>;
  return (
    <div className="resource-text">
      <JsonEditor
        key={`${uri}\u0000${language}`}
        value={text}
        readOnly
        language={language}
        height="100%"
        ariaLabel={t('resources.content.label', { uri })}
      />
    </div>
  );
}

function SaveButton({
  server,
  uri,
  index,
  content,
}: {
  server: string;
  uri: string;
  index: number;
  content: ResourceContentsView;
}): ReactNode {
  const t = useT();
  const { run, pending, error } = useCommand();
  const [note, setNote] = useState<string | null>(null);
  const save = async () => {
    setNote(null);
    const outcome = await run((host) => saveContents(host, server, uri, index, content));
    if (outcome.ok && outcome.value !== 'cancelled') {
      setNote(t(outcome.value === 'downloaded' ? 'resources.save.downloaded' : 'resources.save.saved'));
    }
  };
  return (
    <span className="resource-save">
      <button type="button" disabled={pending} onClick={() => void save()}>
        {t('resources.save.button')}
      </button>
      {note ? (
        <span className="muted" role="status">
          {note}
        </span>
      ) : null}
      {error ? (
        <span className="inline-error" role="alert">
          {t('resources.save.failed', { error })}
        </span>
      ) : null}
    </span>
  );
}

/** About how many bytes a truncated part has: characters of text, or the bytes its base64 holds. */
function truncatedSize(content: ResourceContentsView): number {
  const length = content.truncated?.length ?? 0;
  return content.text !== undefined ? length : base64LengthSize(length);
}

/** The start of a large part (or only its size), with "Show all" fetching the whole from the host. */
function PartialContent({
  server,
  uri,
  index,
  content,
  onWhole,
}: {
  server: string;
  uri: string;
  index: number;
  content: ResourceContentsView;
  onWhole: (whole: ResourceContentsView) => void;
}): ReactNode {
  const t = useT();
  const { fetch, pending, gone, error } = useWhole();
  const id = content.truncated?.id;
  const isText = content.text !== undefined;
  const size = formatSize(truncatedSize(content));
  const showAll = async () => {
    if (!id) return;
    const outcome = await fetch(id);
    if (!outcome.ok) return;
    const { truncated: _truncated, text: _text, ...head } = content;
    onWhole(isText ? { ...head, text: outcome.value } : { ...head, blob: outcome.value });
  };
  const kind = resourceKind(content.mimeType, content.uri || uri);
  const binary = !isText && kind === 'binary';
  const mime = { mime: content.mimeType ?? '', hasMime: content.mimeType ? 'yes' : 'no' };
  const note = isText
    ? t('resources.partial.text', { shown: formatSize(content.text?.length ?? 0), size })
    : binary
      ? t('resources.partial.binary', { size, ...mime })
      : t('resources.partial.media', { kind, size, ...mime });
  return (
    <div className="resource-partial">
      <p className="resource-partial-note">
        {note}{' '}
        {id && !binary ? (
          <button type="button" disabled={pending || gone} onClick={() => void showAll()}>
            {pending ? t('resources.partial.fetching') : t('resources.partial.showAll')}
          </button>
        ) : null}{' '}
        {isText ? null : <SaveButton server={server} uri={uri} index={index} content={content} />}
      </p>
      {gone ? (
        <p className="muted" role="status">
          {t('resources.partial.gone')}
        </p>
      ) : error ? (
        <p className="inline-error" role="alert">
          {t('resources.partial.failed', { error })}
        </p>
      ) : !id ? (
        <p className="muted">{t('resources.partial.tooLarge')}</p>
      ) : null}
      {isText ? (
        <TextContent text={content.text ?? ''} mimeType={content.mimeType} uri={content.uri || uri} />
      ) : null}
    </div>
  );
}

/** Shows `content` (content `index` of `uri` as read from `server`). */
export function ResourceContent(props: {
  server: string;
  uri: string;
  index: number;
  content: ResourceContentsView;
}): ReactNode {
  const [whole, setWhole] = useState<ResourceContentsView | null>(null);
  if (props.content.truncated && !whole) return <PartialContent {...props} onWhole={setWhole} />;
  return <WholeContent {...props} content={whole ?? props.content} />;
}

function WholeContent({
  server,
  uri,
  index,
  content,
}: {
  server: string;
  uri: string;
  index: number;
  content: ResourceContentsView;
}): ReactNode {
  const t = useT();
  const mime = content.mimeType;
  if (content.text !== undefined)
    return <TextContent text={content.text} mimeType={mime} uri={content.uri || uri} />;
  if (content.blob === undefined) return <p className="muted">{t('resources.content.empty')}</p>;

  const size = formatSize(base64Size(content.blob));
  const save = <SaveButton server={server} uri={uri} index={index} content={content} />;
  const image = mediaUrl('image', mime, content.blob);
  if (image) {
    return (
      <div className="resource-media">
        <img className="resource-image" src={image} alt={`${content.uri || uri} (${mime})`} />
        <p className="resource-binary-meta muted">
          {mime}, {size} {save}
        </p>
      </div>
    );
  }
  const audio = mediaUrl('audio', mime, content.blob);
  if (audio) {
    return (
      <div className="resource-media">
        <audio className="resource-audio" controls src={audio}>
          <track kind="captions" />
        </audio>
        <p className="resource-binary-meta muted">
          {mime}, {size} {save}
        </p>
      </div>
    );
  }
  const decoded = isTextMime(mime) ? base64Text(content.blob) : null;
  if (decoded !== null) return <TextContent text={decoded} mimeType={mime} uri={content.uri || uri} />;
  return (
    <div className="resource-binary">
      <p>
        <Message
          id="resources.content.binary"
          values={{
            size,
            mime: mime ?? '',
            hasMime: mime ? 'yes' : 'no',
            strong: (chunks) => <strong>{chunks}</strong>,
          }}
        />
      </p>
      {save}
    </div>
  );
}
