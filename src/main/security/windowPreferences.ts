// The web preferences of the app's window and of a view's own window, and the WebRTC policy: every isolation on, every opt-in that weakens it off.

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

/** A view's window of its own: the same isolation, without the preload (a view never reaches the host's API). */
export function viewWindowPreferences() {
  const { preload: _none, ...rest } = secureWebPreferences('');
  return rest;
}

/**
 * How WebRTC may pick its network paths in every web contents: UDP only through a proxy, so a peer
 * connection reaches no address directly over UDP. TURN over TCP still connects, which is why views
 * get no peer connection at all (see apps/viewGuard.ts); this only narrows what is left if one did.
 */
export const WEBRTC_IP_HANDLING_POLICY = 'disable_non_proxied_udp' as const;
