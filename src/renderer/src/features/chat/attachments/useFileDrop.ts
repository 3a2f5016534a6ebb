// Files pasted into the message box or dropped on the composer are attached to the next message.
import { type ClipboardEvent, type DragEvent, useState } from 'react';
import { filesOf } from './AttachButton';

/** Paste and drag-and-drop handlers that pass files to `add`, and whether files are being dragged over. */
export function useFileDrop(add: (files: File[]) => unknown) {
  const [dropping, setDropping] = useState(false);
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = filesOf(event.clipboardData);
    if (pasted.length === 0) return;
    event.preventDefault();
    void add(pasted);
  };
  const dragHasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const onDragOver = (event: DragEvent) => {
    if (!dragHasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };
  const onDrop = (event: DragEvent) => {
    if (!dragHasFiles(event)) return;
    event.preventDefault();
    setDropping(false);
    void add(filesOf(event.dataTransfer));
  };
  const onDragLeave = () => setDropping(false);
  return { dropping, onPaste, onDragOver, onDragLeave, onDrop };
}
