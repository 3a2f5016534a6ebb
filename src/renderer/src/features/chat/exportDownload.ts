// Exports a conversation: saved by the host (Electron), or offered as a download through a blob: URL (browser mode).
import type { HostClient } from '../../api';

export function downloadText(text: string, mimeType: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mimeType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Exports conversation `id`: the host saves it (Electron), or the browser downloads what it answers. */
export async function exportConversation(
  host: Pick<HostClient, 'invoke'>,
  id: string,
  format: 'markdown' | 'json',
): Promise<void> {
  const result = await host.invoke('chat.export', { id, format });
  if (!result.saved && result.text !== undefined) {
    downloadText(result.text, format === 'json' ? 'application/json' : 'text/markdown', result.fileName);
  }
}
