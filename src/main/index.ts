// Electron entry: one instance, one locked-down window, the host behind IPC, every server stopped on quit.
import { join, resolve } from 'node:path';
import { app, BrowserWindow, dialog, session } from 'electron';
import { installLinkIn, withInstallLink } from './bringIn/linkRoute';
import { unpackLimitsFrom } from './bundles/limits';
import { registerPrivilegedSchemes, serveRenderer } from './electron/appProtocol';
import { guardViewFrames, pageOrigin, serveAppViews } from './electron/appViews';
import { forkUtilityProcess } from './electron/builtinProcess';
import { pickBundle, pickFolder, saveFile } from './electron/dialogs';
import { openExternalConfirmed } from './electron/external';
import { registerInstallLinks } from './electron/installLinks';
import { installMenu } from './electron/menu';
import { rendererRoot, rendererUrl } from './electron/rendererUrl';
import { createSafeSecretStore, secretStorageChoice, tellWhereKeysAre } from './electron/secrets';
import { hardenContents, hardenSession } from './electron/security';
import { Host } from './host';
import { startHostLocale } from './hostLanguage';
import { createDispatcher } from './rpc/dispatch';
import { registerIpc } from './rpc/ipc';
import { secureWebPreferences } from './security/windowPreferences';

const SHUTDOWN_LIMIT_MS = 15_000;

let host: Promise<Host> | null = null;
let window: BrowserWindow | null = null;
let quitting = false;
let exitCode = 0;
/** An install link the system handed over and the window has not shown yet; it only opens the Install link dialog. */
let pendingLink = installLinkIn(process.argv);

const dataDir = argValue('--data');
if (dataDir) app.setPath('userData', resolve(dataDir));
registerPrivilegedSchemes();

if (!app.requestSingleInstanceLock()) {
  app.exit(0);
} else {
  app.on('web-contents-created', (_event, contents) => {
    hardenContents(contents, openLink, pageOrigin(rendererUrl()));
    guardViewFrames(contents, pageOrigin(rendererUrl()));
  });
  app.on('second-instance', (_event, argv) => {
    pendingLink = installLinkIn(argv) ?? pendingLink;
    showWindow();
  });
  registerInstallLinks((link) => {
    pendingLink = link;
    showWindow();
  });
  app.on('activate', () => showWindow());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', (event) => {
    if (quitting || !host) return;
    quitting = true;
    event.preventDefault();
    // A host that never started was reported by `fail` and has nothing to stop.
    const stopped = host.then(
      (current) => current.shutdown(),
      () => undefined,
    );
    const limit = new Promise((settle) => setTimeout(settle, SHUTDOWN_LIMIT_MS));
    Promise.race([stopped, limit])
      .catch((error: unknown) => console.error('Stopping the servers failed:', error))
      .finally(() => app.exit(exitCode));
  });
  app.whenReady().then(start).catch(fail);
}

async function start(): Promise<void> {
  serveRenderer(rendererRoot());
  hardenSession(session.defaultSession, rendererUrl());
  // The system's language until the page tells the one the person chose (Settings → Language).
  startHostLocale(app.getPreferredSystemLanguages());
  installMenu(!app.isPackaged);
  const configArg = argValue('--config');
  const userData = app.getPath('userData');
  const configPath = configArg ? resolve(configArg) : join(userData, 'config.json');
  const keys = secretStorageChoice();
  host = Host.create({
    dataDir: userData,
    secrets: createSafeSecretStore(join(userData, 'secrets.json'), keys),
    configPath,
    configNamed: configArg !== undefined,
    openExternal: (url: string) => openExternalConfirmed(url, window),
    languageChanged: () => installMenu(!app.isPackaged),
    pickFolder: () => pickFolder(window),
    pickBundle: () => pickBundle(window),
    bundleLimits: unpackLimitsFrom(process.env),
    saveFile: (name, data) => saveFile(window, name, data),
    builtinScripts: { workspace: join(import.meta.dirname, 'workspace.js'), fork: forkUtilityProcess },
  });
  const started = await host;
  const appOrigin = pageOrigin(rendererUrl());
  if (appOrigin) started.attachAppViews(serveAppViews(session.defaultSession, appOrigin));
  openWindow(started);
  tellWhereKeysAre(keys, { dataDir: userData, configPath, window }).catch((error: unknown) =>
    console.error('Telling where keys are kept failed:', error),
  );
}

function showWindow(): void {
  if (window && pendingLink) {
    window.loadURL(withInstallLink(rendererUrl(), takeLink())).catch(fail);
  }
  if (window) openWindow(null);
  // A host that never started was reported by `fail`; there is no window to open.
  else host?.then(openWindow, () => undefined);
}

function openWindow(current: Host | null): void {
  if (window) {
    if (window.isMinimized()) window.restore();
    window.focus();
    return;
  }
  if (!current) return;
  const appUrl = rendererUrl();
  const created = new BrowserWindow({
    title: 'Switchboard',
    width: 1280,
    height: 820,
    minWidth: 760,
    minHeight: 480,
    show: false,
    backgroundColor: '#0f172a',
    webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs')),
  });
  window = created;
  const dispose = registerIpc(createDispatcher(current), created, { events: current, appUrl });
  created.once('ready-to-show', () => created.show());
  created.on('closed', () => {
    dispose();
    current.cancelPendingRequests();
    if (window === created) window = null;
  });
  created.loadURL(withInstallLink(appUrl, takeLink())).catch(fail);
}

function takeLink(): string | undefined {
  const link = pendingLink;
  pendingLink = undefined;
  return link;
}

function openLink(url: string): void {
  openExternalConfirmed(url, window).catch((error: unknown) =>
    console.error('Opening a link failed:', error),
  );
}

function argValue(flag: string): string | undefined {
  const args = process.argv.slice(1);
  const inline = args.find((arg) => arg.startsWith(`${flag}=`));
  if (inline) return inline.slice(flag.length + 1);
  const index = args.indexOf(flag);
  return index >= 0 ? args[index + 1] : undefined;
}

function fail(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error('Switchboard could not start:', error);
  dialog.showErrorBox('Switchboard could not start', `${message}\n\nSwitchboard will close now.`);
  exitCode = 1;
  app.quit();
}
