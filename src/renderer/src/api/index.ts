// Picks the host transport: the Electron preload bridge when present, else the browser-mode WebSocket.
import { WS_PATH } from '../../../shared/channels';
import { createIpcClient } from './ipcClient';
import type { HostClient } from './types';
import { createWsClient } from './wsClient';

export type { HostClient, LinkStatus } from './types';

/** The host's socket in browser mode; the token stays in the page (from its address) and goes only there. */
function browserModeUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${WS_PATH}`;
}

/** Creates the one client for this window. */
export function createHostClient(): HostClient {
  if (window.host) return createIpcClient(window.host);
  return createWsClient({
    url: browserModeUrl(),
    token: new URLSearchParams(window.location.search).get('token'),
    probeUrl: window.location.pathname || '/',
  });
}

export { HostProvider, useHost } from './HostContext';
