// What the rest of the renderer sees of the host: the typed contract plus the link's health.
import type { HostApi } from '../../../shared/contract';

/** How the link to the host is doing. `unauthorized`: the browser-mode token is missing or refused. */
export type LinkStatus = 'connecting' | 'connected' | 'reconnecting' | 'unauthorized';

/** The contract's two calls, plus the link status (always `connected` in Electron). */
export interface HostClient extends HostApi {
  readonly status: LinkStatus;
  onStatus(listener: (status: LinkStatus) => void): () => void;
}

/** What the Electron preload exposes on `window.host`. */
export type HostBridge = {
  invoke(name: string, args: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
};

declare global {
  interface Window {
    host?: HostBridge;
  }
}
