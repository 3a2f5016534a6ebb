// Fetches something large the host keeps (a resource's whole contents, a whole protocol frame) piece by piece.
import type { HostApi } from '../../../shared/contract';

/** The whole text kept under `id`; rejects with the host's `gone` error once it is no longer kept. */
export async function fetchWhole(host: Pick<HostApi, 'invoke'>, id: string): Promise<string> {
  const parts: string[] = [];
  let offset = 0;
  for (;;) {
    const chunk = await host.invoke('payloads.read', { id, offset });
    parts.push(chunk.data);
    offset = chunk.offset + chunk.data.length;
    if (offset >= chunk.total || chunk.data.length === 0) return parts.join('');
  }
}
