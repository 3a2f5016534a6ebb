// Framing of what a local server sends: stdout lines and channel messages become JSON-RPC, noise, or a dropped oversize frame.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  type FrameSink,
  LineFrames,
  MAX_FRAME,
  readChannelMessage,
} from '../src/main/servers/transport/jsonRpcFrames';

function collector() {
  const heard = { messages: [] as JSONRPCMessage[], noise: [] as string[], errors: [] as string[] };
  const sink: FrameSink = {
    message: (message) => heard.messages.push(message),
    noise: (text) => heard.noise.push(text),
    error: (error) => heard.errors.push(error.message),
  };
  return { heard, sink };
}

const ping = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}`;

describe('stdout lines', () => {
  it('reads messages split across chunks, with CRLF, and skips blank lines', () => {
    const { heard, sink } = collector();
    const frames = new LineFrames(sink);
    const text = `${ping(1)}\r\n\n   \n${ping(2)}\n${ping(3)}`;
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += 7) frames.push(bytes.subarray(at, at + 7));
    expect(heard.messages.map((message) => (message as { id: number }).id)).toEqual([1, 2]);
    frames.push(Buffer.from('\n'));
    expect(heard.messages).toHaveLength(3);
    expect(heard.noise).toEqual([]);
  });

  it('keeps a character whose bytes arrive in two chunks whole', () => {
    const { heard, sink } = collector();
    const frames = new LineFrames(sink);
    const bytes = Buffer.from('ünïcode banner 🎉\n');
    frames.push(bytes.subarray(0, 1));
    frames.push(bytes.subarray(1, 18));
    frames.push(bytes.subarray(18));
    expect(heard.noise).toEqual(['ünïcode banner 🎉']);
  });

  it('logs a stray line as noise, cut to a preview', () => {
    const { heard, sink } = collector();
    new LineFrames(sink).push(Buffer.from(`${'x'.repeat(600)}\nhello\n`));
    expect(heard.noise).toEqual([`${'x'.repeat(500)}…`, 'hello']);
  });

  it(`drops a line longer than ${MAX_FRAME / 1024 / 1024} MB and reads the messages after it`, () => {
    const { heard, sink } = collector();
    const frames = new LineFrames(sink);
    const block = Buffer.alloc(1024 * 1024, 'y');
    for (let i = 0; i <= MAX_FRAME / block.length; i++) frames.push(block);
    expect(heard.errors).toEqual(['The server sent a line longer than 16 MB; it was dropped.']);
    frames.push(Buffer.from(`end of the long line\n${ping(4)}\n`));
    expect(heard.messages).toEqual([{ jsonrpc: '2.0', id: 4, method: 'ping' }]);
  });

  it('forgets an unfinished line when cleared', () => {
    const { heard, sink } = collector();
    const frames = new LineFrames(sink);
    frames.push(Buffer.from('{"jsonrpc": "2.0", '));
    frames.clear();
    frames.push(Buffer.from(`${ping(5)}\n`));
    expect(heard.messages).toHaveLength(1);
    expect(heard.noise).toEqual([]);
  });
});

describe('channel messages', () => {
  it('reads text as a message and says what it drops', () => {
    const { heard, sink } = collector();
    readChannelMessage(ping(6), sink);
    readChannelMessage({ not: 'text' }, sink);
    readChannelMessage('not json', sink);
    readChannelMessage('z'.repeat(MAX_FRAME + 1), sink);
    expect(heard.messages).toEqual([{ jsonrpc: '2.0', id: 6, method: 'ping' }]);
    expect(heard.noise).toEqual(['The server sent a message that is not text; it was dropped.', 'not json']);
    expect(heard.errors).toEqual(['The server sent a message longer than 16 MB; it was dropped.']);
  });
});
