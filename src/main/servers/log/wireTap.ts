// Records every JSON-RPC frame a transport carries, without changing the transport's class.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

type Direction = 'in' | 'out';

/**
 * Patches `send` and `onmessage` on this one instance, so the SDK still sees its own stdio
 * transport class (it probes the protocol era on a sibling process only for that class).
 * `consume` lets the host answer frames of its own (see `RawRequests`) without the SDK seeing them.
 */
export function tapWire(
  transport: Transport,
  record: (direction: Direction, message: JSONRPCMessage) => void,
  /** Takes an incoming frame away from the SDK when it returns true (it is still recorded). */
  consume?: (message: JSONRPCMessage) => boolean,
): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    record('out', message);
    return send(message, options);
  };
  let inner = transport.onmessage;
  const tapped: NonNullable<Transport['onmessage']> = (message, extra) => {
    record('in', message);
    if (consume?.(message)) return;
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
