// A chip for an attached file: its name, size and how the model gets it; a progress bar while it uploads.
import type { ReactNode } from 'react';
import type { FileAttachment } from '../../../../../shared/resources';
import { useT } from '../../../i18n';
import type { Translate } from '../toolCallText';
import type { PendingFile } from './useFileAttachments';
import './attachments.css';

function FileIcon({ image }: { image: boolean }): ReactNode {
  return (
    <svg
      className="icon"
      width={13}
      height={13}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
      focusable="false"
    >
      {image ? (
        <path d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01" />
      ) : (
        <path d="M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6" />
      )}
    </svg>
  );
}

/** "1.2 MB", "300 KB", "12 bytes", in the page's language. */
export function sizeText(bytes: number, t: Translate): string {
  if (bytes >= 1024 * 1024) return t('chat.attach.sizeMb', { value: bytes / (1024 * 1024) });
  if (bytes >= 1024) return t('chat.attach.sizeKb', { value: Math.round(bytes / 1024) });
  return t('chat.attach.sizeBytes', { count: bytes });
}

/** A sent or waiting file; `onRemove` adds a remove button. */
export function FileChip({ item, onRemove }: { item: FileAttachment; onRemove?: () => void }): ReactNode {
  const t = useT();
  const size = sizeText(item.size, t);
  return (
    <li className="attachment-chip file-chip" title={`${item.name} · ${item.mimeType} · ${size}`}>
      <FileIcon image={item.as === 'image'} />
      <span className="attachment-name">{item.name}</span>
      <span className="file-chip-size">{size}</span>
      {onRemove ? (
        <button
          type="button"
          className="icon-button attachment-remove"
          aria-label={t('chat.attach.remove', { name: item.name })}
          title={t('chat.attach.remove', { name: item.name })}
          onClick={onRemove}
        >
          ×
        </button>
      ) : null}
    </li>
  );
}

/** A file still on its way to the host. */
export function UploadingChip({ file }: { file: PendingFile }): ReactNode {
  const t = useT();
  const percent = file.size === 0 ? 100 : Math.round((file.sent / file.size) * 100);
  return (
    <li className="attachment-chip file-chip uploading">
      <span className="attachment-name">{file.name}</span>
      <progress max={100} value={percent} aria-label={t('chat.attach.uploading', { name: file.name })} />
    </li>
  );
}
