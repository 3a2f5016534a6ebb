// Native dialogs the host asks for: choosing a folder to share or a bundle to open, and where to save a file.
import { writeFile } from 'node:fs/promises';
import { type BrowserWindow, dialog } from 'electron';
import { spoken } from '../hostLanguage';

export async function pickFolder(window: BrowserWindow | null): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    title: spoken('host.native.shareFolder'),
    properties: ['openDirectory', 'createDirectory'],
  };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

/** A .mcpb file the person chooses to open. */
export async function pickBundle(window: BrowserWindow | null): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    title: spoken('host.native.openBundle'),
    properties: ['openFile'],
    filters: [{ name: spoken('host.native.bundleFiles'), extensions: ['mcpb', 'dxt'] }],
  };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}

export async function saveFile(
  window: BrowserWindow | null,
  suggestedName: string,
  data: Buffer,
): Promise<boolean> {
  const options: Electron.SaveDialogOptions = {
    title: spoken('host.native.saveAs'),
    defaultPath: suggestedName,
  };
  const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return false;
  await writeFile(result.filePath, data);
  return true;
}
