// A server-declared icon: resolved by the host into a checked data: URI and shown only as an <img>, never as DOM.
import { type ReactNode, useEffect, useState } from 'react';
import type { Icon } from '../../../shared/types';
import { useHost } from '../api/HostContext';
import type { HostClient } from '../api/types';
import { orderIcons } from './iconChoice';

const resolved = new Map<string, Promise<string | null>>();

function resolveIcon(host: HostClient, server: string, src: string): Promise<string | null> {
  const key = JSON.stringify([server, src]);
  let found = resolved.get(key);
  if (!found) {
    found = host.invoke('icons.resolve', { server, src }).catch(() => null);
    resolved.set(key, found);
  }
  return found;
}

function pageTheme(): 'light' | 'dark' {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export type McpIconProps = { server: string; icons?: Icon[]; size?: number; fallback?: ReactNode };

/** The first of `icons` the host agrees to show, `size` pixels square; `fallback` while none is known. */
export function McpIcon({ server, icons, size = 16, fallback = null }: McpIconProps) {
  const host = useHost();
  const [uri, setUri] = useState<string | null>(null);
  const sources = orderIcons(icons, size, pageTheme()).map((icon) => icon.src);
  const key = sources.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `sources`.
  useEffect(() => {
    let live = true;
    setUri(null);
    void (async () => {
      for (const src of sources) {
        const found = await resolveIcon(host, server, src);
        if (!live) return;
        if (found?.startsWith('data:image/')) {
          setUri(found);
          return;
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [host, server, key]);
  if (!uri) return fallback;
  return <img className="mcp-icon" src={uri} alt="" width={size} height={size} draggable={false} />;
}
