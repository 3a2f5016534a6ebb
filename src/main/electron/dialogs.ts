// Native dialogs the host asks for: choosing a folder to share or a bundle to open, and where to save a file.
import { writeFile } from 'node:fs/promises';
import { type BrowserWindow, dialog } from 'electron';

export async function pickFolder(window: BrowserWindow | null): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    title: 'Share a folder',
    properties: ['openDirectory', 'createDirectory'],
  };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

/** A .mcpb file the person chooses to open. */
export async function pickBundle(window: BrowserWindow | null): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    title: 'Open bundle',
    properties: ['openFile'],
    filters: [{ name: 'MCP bundles', extensions: ['mcpb', 'dxt'] }],
  };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

export async function saveFile(
  window: BrowserWindow | null,
  suggestedName: string,
  data: Buffer,
): Promise<boolean> {
  const options: Electron.SaveDialogOptions = { title: 'Save as', defaultPath: suggestedName };
  const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return false;
  await writeFile(result.filePath, data);
  return true;
}
