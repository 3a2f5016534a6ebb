// The payload command: a piece of something large the host keeps (a resource's contents, a protocol frame).
import type { CommandHandlers } from '../../shared/contract';
import { PAYLOAD_CHUNK_CHARS } from '../../shared/payloads';
import { HostFault } from '../errors';
import type { PayloadStore } from './payloadStore';

/** `payloads.read` over every store the host keeps large contents in. */
export function payloadCommands(stores: readonly PayloadStore[]): Pick<CommandHandlers, 'payloads.read'> {
  return {
    'payloads.read': async ({ id, offset = 0, length = PAYLOAD_CHUNK_CHARS }) => {
      const kept = stores.map((store) => store.get(id)).find((item) => item !== undefined);
      if (!kept) {
        throw new HostFault(
          'gone',
          'That content is no longer kept: the host keeps only the most recent large contents, and results and frames for ten minutes. Read the resource (or run the call) again to see it whole.',
        );
      }
      const start = Math.min(offset, kept.data.length);
      return { data: kept.data.slice(start, start + length), offset: start, total: kept.data.length };
    },
  };
}
