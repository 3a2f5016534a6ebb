// One content of a read resource: text in a read-only editor, images and audio from data: URLs, other bytes to save.
import { type ReactNode, useState } from 'react';
import type { ResourceContentsView } from '../../../../shared/resources';
import { JsonEditor } from '../../components/JsonEditor';
import { useCommand } from '../../components/useCommand';
import { base64Size, base64Text, editorLanguage, formatSize, isTextMime, mediaUrl } from './mime';
import { saveContents } from './saveContents';
import { useEditorLanguages } from './useEditorLanguages';

function TextContent({ text, mimeType, uri }: { text: string; mimeType?: string; uri: string }): ReactNode {
  const ready = useEditorLanguages();
  const language = editorLanguage(mimeType, uri);
  if (!ready) return <p className="muted resource-loading">Loading the editor…</p>;
  return (
    <div className="resource-text">
      <JsonEditor
        key={`${uri}\u0000${language}`}
        value={text}
        readOnly
        language={language}
        height="100%"
        ariaLabel={`Contents of ${uri}`}
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
  const { run, pending, error } = useCommand();
  const [note, setNote] = useState<string | null>(null);
  const save = async () => {
    setNote(null);
    const outcome = await run((host) => saveContents(host, server, uri, index, content));
    if (outcome.ok && outcome.value !== 'cancelled') {
      setNote(outcome.value === 'downloaded' ? 'Sent to your browser’s downloads.' : 'Saved.');
    }
  };
  return (
    <span className="resource-save">
      <button type="button" disabled={pending} onClick={() => void save()}>
        Save as…
      </button>
      {note ? (
        <span className="muted" role="status">
          {note}
        </span>
      ) : null}
      {error ? (
        <span className="inline-error" role="alert">
          Could not save: {error}
        </span>
      ) : null}
    </span>
  );
}

/** Shows `content` (content `index` of `uri` as read from `server`). */
export function ResourceContent({
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
  const mime = content.mimeType;
  if (content.text !== undefined)
    return <TextContent text={content.text} mimeType={mime} uri={content.uri || uri} />;
  if (content.blob === undefined) return <p className="muted">This content is empty.</p>;

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
        Binary content, <strong>{size}</strong>
        {mime ? `, ${mime}` : ''}. It is not shown here.
      </p>
      {save}
    </div>
  );
}
