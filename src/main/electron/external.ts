// Opens https links in the person's browser, only after they confirm the exact address.
import { type BrowserWindow, dialog, type MessageBoxOptions, shell } from 'electron';
import { spoken } from '../hostLanguage';
import { checkExternalLink } from '../security/externalLinks';

/** Ask the person, then open `url` externally; what `checkExternalLink` refuses is never shown or opened. */
export async function openExternalConfirmed(url: string, parent: BrowserWindow | null): Promise<boolean> {
  const link = checkExternalLink(url);
  if (!link.ok) return false;
  const target = new URL(link.url);
  const options: MessageBoxOptions = {
    type: 'question',
    title: spoken('host.native.openLink.title'),
    message: spoken('host.native.openLink.message', { host: target.host }),
    detail: target.href,
    buttons: [spoken('host.native.openLink.open'), spoken('host.native.cancel')],
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
