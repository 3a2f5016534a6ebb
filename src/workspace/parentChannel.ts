// The workspace server's transport when the app forked it: JSON-RPC as text messages on the parent's channel.
import { deserializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';

/** A message channel to the process that started this one. */
export type ParentChannel = {
  post(text: string): void;
  onMessage(listener: (data: unknown) => void): void;
  /** Called when the parent goes away, where the channel can tell. */
  onGone(listener: () => void): void;
};

type ElectronParentPort = {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
};

/**
 * The channel to the parent, if it forked this process: an Electron utility process's `parentPort`,
 * or Node's IPC channel (`child_process.fork`). Undefined when started plainly (then stdio is used).
 */
export function parentChannel(): ParentChannel | undefined {
  const port = (process as unknown as { parentPort?: ElectronParentPort }).parentPort;
  if (port) {
    return {
      post: (text) => port.postMessage(text),
      onMessage: (listener) => port.on('message', (event) => listener(event.data)),
      onGone: () => {},
    };
  }
  const send = process.send?.bind(process);
  if (send && process.connected) {
    return {
      post: (text) => send(text),
      onMessage: (listener) => process.on('message', listener),
      onGone: (listener) => process.once('disconnect', listener),
    };
  }
  return undefined;
}

/** An MCP server transport over a `ParentChannel`. */
export class ParentChannelTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private closed = false;

  constructor(private readonly channel: ParentChannel) {}

  async start(): Promise<void> {
    this.channel.onMessage((data) => {
      if (this.closed) return;
      if (typeof data !== 'string') {
        this.onerror?.(new Error('Ignored a message that is not text.'));
        return;
      }
      try {
        this.onmessage?.(deserializeMessage(data));
      } catch (error) {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      }
    });
    this.channel.onGone(() => void this.close());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('The connection to the app is closed.');
    this.channel.post(JSON.stringify(message));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}
