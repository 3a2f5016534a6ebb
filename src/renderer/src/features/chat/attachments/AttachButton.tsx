// The paperclip: opens the file picker and hands the chosen files on.
import { type ReactNode, useRef } from 'react';
import { useT } from '../../../i18n';

function PaperclipIcon(): ReactNode {
  return (
    <svg
      className="icon"
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M21 11.5 12.5 20a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5" />
    </svg>
  );
}

/** A button named "Attach files" and the hidden file input it opens. */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }): ReactNode {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="attach-button"
        aria-label={t('chat.attach.label')}
        title={t('chat.attach.title')}
        onClick={() => input.current?.click()}
      >
        <PaperclipIcon />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

/** The files a drop or paste carries, if any. */
export function filesOf(data: DataTransfer | null): File[] {
  return data ? [...data.files] : [];
}
