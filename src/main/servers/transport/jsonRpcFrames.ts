// What a local server sends, read as JSON-RPC: lines of its stdout, or whole text messages on its channel.
import { StringDecoder } from 'node:string_decoder';
import { deserializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';

/** The longest frame kept (bytes of a line, characters of a message); a longer one is dropped whole. */
export const MAX_FRAME = 16 * 1024 * 1024;
const NOISE_PREVIEW = 500;

/** Where frames go: messages to the client, anything else to the log, oversize frames as errors. */
export type FrameSink = {
  message: (message: JSONRPCMessage) => void;
  /** A frame that is not JSON-RPC (a banner, a stray print), cut to a preview. */
  noise: (text: string) => void;
  error: (error: Error) => void;
};

/** Frames of `transport`: messages and errors to the client listening on it, noise to `noise`. */
export function transportSink(transport: Transport, noise: (text: string) => void): FrameSink {
  return {
    message: (message) => transport.onmessage?.(message),
    noise,
    error: (error) => transport.onerror?.(error),
  };
}

/** One frame: a JSON-RPC message, or noise. */
export function readFrame(text: string, sink: FrameSink): void {
  let message: JSONRPCMessage;
  try {
    message = deserializeMessage(text);
  } catch {
    sink.noise(text.length > NOISE_PREVIEW ? `${text.slice(0, NOISE_PREVIEW)}…` : text);
    return;
  }
  sink.message(message);
}

/** One message of a channel: text is a frame; anything else, or text over `MAX_FRAME`, is dropped and said. */
export function readChannelMessage(data: unknown, sink: FrameSink): void {
  if (typeof data !== 'string') {
    sink.noise('The server sent a message that is not text; it was dropped.');
    return;
  }
  if (data.length > MAX_FRAME) {
    sink.error(
      new Error(`The server sent a message longer than ${MAX_FRAME / 1024 / 1024} MB; it was dropped.`),
    );
    return;
  }
  readFrame(data, sink);
}

/**
 * Newline-delimited frames of a byte stream; blank lines are skipped, a trailing `\r` is dropped. Each chunk is
 * decoded as it comes, so a long line never holds the stream's buffers (or one as large as itself) outside the heap.
 */
export class LineFrames {
  private pending: string[] = [];
  private pendingBytes = 0;
  private dropping = false;
  private readonly decoder = new StringDecoder('utf8');

  constructor(private readonly sink: FrameSink) {}

  /** Reads every line `chunk` completes; an unfinished line over `MAX_FRAME` bytes is dropped and said. */
  push(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      // A newline byte is never part of a longer UTF-8 character, so a line ends where it does.
      const tail = this.decoder.write(chunk.subarray(start, end)) + this.decoder.end();
      const whole = this.dropping ? '' : this.pending.join('') + tail;
      const line = whole.endsWith('\r') ? whole.slice(0, -1) : whole;
      this.clear();
      start = end + 1;
      if (line.trim()) readFrame(line, this.sink);
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0 || this.dropping) return;
    this.pendingBytes += rest.length;
    if (this.pendingBytes > MAX_FRAME) {
      this.clear();
      this.dropping = true;
      this.sink.error(
        new Error(`The server sent a line longer than ${MAX_FRAME / 1024 / 1024} MB; it was dropped.`),
      );
      return;
    }
    this.pending.push(this.decoder.write(rest));
  }

  /** Forgets an unfinished line. */
  clear(): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.dropping = false;
    this.decoder.end();
  }
}
