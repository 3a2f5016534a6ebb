// The payload command: a piece of something large the host keeps (a resource's contents, a protocol frame, a kept result).
import type { CommandHandlers } from '../../shared/contract';
import { PAYLOAD_CHUNK_CHARS, type PayloadChunk } from '../../shared/payloads';
import { HostFault } from '../errors';

/** Anything that keeps large texts under ids a page may read in pieces. */
export type PayloadSource = {
  /** Undefined when `id` is not kept there. */
  read(id: string, offset: number, length: number): Promise<PayloadChunk | undefined>;
};

/** `payloads.read` over every store the host keeps large contents in. */
export function payloadCommands(stores: readonly PayloadSource[]): Pick<CommandHandlers, 'payloads.read'> {
  return {
    'payloads.read': async ({ id, offset = 0, length = PAYLOAD_CHUNK_CHARS }) => {
      let kept: PayloadChunk | undefined;
      for (const store of stores) {
        kept = await store.read(id, offset, Math.min(length, PAYLOAD_CHUNK_CHARS));
        if (kept) break;
      }
      if (!kept) {
        throw new HostFault('gone', { id: 'host.payloads.noLongerKept' });
      }
      return { data: kept.data, offset: kept.offset, total: kept.total };
    },
  };
}
