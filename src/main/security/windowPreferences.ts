// The web preferences of the app's window: every isolation on, every opt-in that weakens it off.

/** The window's preferences; the values are Electron's defaults or stricter, written out so none drifts. */
export function secureWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
  } as const;
}
