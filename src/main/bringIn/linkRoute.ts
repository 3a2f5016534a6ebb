// Where an install link handed to the app by the system goes: found in a launch's arguments, then into the page's #install= route.

/** The scheme the desktop app registers for its own install links. */
export const INSTALL_SCHEME = 'switchboard';

/** The first `switchboard://` argument of a launch (Windows and Linux pass the link as an argument), if any. */
export function installLinkIn(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${INSTALL_SCHEME}://`));
}

/** The page address that opens the Install link dialog filled with `link` (no link: the address as is). */
export function withInstallLink(pageUrl: string, link: string | undefined): string {
  if (!link) return pageUrl;
  return `${pageUrl.replace(/#.*$/, '')}#install=${encodeURIComponent(link)}`;
}
