// Opens https links in the person's browser, only after they confirm the exact address.
import { type BrowserWindow, dialog, type MessageBoxOptions, shell } from 'electron';

/** Ask the person, then open `url` externally; anything but `https:` is refused. Resolves to whether it opened. */
export async function openExternalConfirmed(url: string, parent: BrowserWindow | null): Promise<boolean> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:') return false;
  const options: MessageBoxOptions = {
    type: 'question',
    title: 'Open link',
    message: `Open a page on ${target.host} in your browser?`,
    detail: target.href,
    buttons: ['Open in browser', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
  const usable = parent && !parent.isDestroyed() ? parent : null;
  const { response } = usable
    ? await dialog.showMessageBox(usable, options)
    : await dialog.showMessageBox(options);
  if (response !== 0) return false;
  await shell.openExternal(target.href);
  return true;
}
