// The desktop shell's side of install links: registers switchboard:// with the system and hands each link it receives on.
import { app } from 'electron';
import { INSTALL_SCHEME } from '../bringIn/linkRoute';

/** Makes the app the handler of switchboard:// links; `received` gets each link opened while it runs (macOS). */
export function registerInstallLinks(received: (link: string) => void): void {
  // Run from source (`electron .`), the system must be told which script to start.
  if (process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(INSTALL_SCHEME, process.execPath, [process.argv[1]]);
  } else {
    app.setAsDefaultProtocolClient(INSTALL_SCHEME);
  }
  app.on('open-url', (event, url) => {
    event.preventDefault();
    received(url);
  });
}
