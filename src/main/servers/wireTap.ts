// Records every JSON-RPC frame a transport carries, without changing the transport's class.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

type Direction = 'in' | 'out';

/**
 * Patches `send` and `onmessage` on this one instance, so the SDK still sees its own stdio
 * transport class (it probes the protocol era on a sibling process only for that class).
 */
export function tapWire(
  transport: Transport,
  record: (direction: Direction, message: JSONRPCMessage) => void,
): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    record('out', message);
    return send(message, options);
  };
  let inner = transport.onmessage;
  const tapped: NonNullable<Transport['onmessage']> = (message, extra) => {
    record('in', message);
    inner?.(message, extra);
  };
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => (inner ? tapped : undefined),
    set: (handler: Transport['onmessage']) => {
      inner = handler;
    },
  });
}
