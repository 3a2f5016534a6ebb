// Gives components the one HostClient of this window.
import { createContext, type ReactNode, useContext } from 'react';
import type { HostClient } from './types';

const HostContext = createContext<HostClient | null>(null);

/** Provides the host client to the tree below. */
export function HostProvider({ client, children }: { client: HostClient; children: ReactNode }) {
  return <HostContext value={client}>{children}</HostContext>;
}

/** The host client; throws when used outside `HostProvider`. */
export function useHost(): HostClient {
  const client = useContext(HostContext);
  if (!client) throw new Error('useHost() needs a <HostProvider> above it');
  return client;
}
