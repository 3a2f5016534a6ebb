// A STUN/TURN catcher on loopback: counts every UDP datagram and TCP connection, and asks TURN clients to sign in, so the user names they carry arrive too.
import { createSocket, type RemoteInfo } from 'node:dgram';
import { createServer, type Socket } from 'node:net';

export type WebRtcCatcher = {
  udpPort: number;
  tcpPort: number;
  /** Datagrams received on the UDP port. */
  datagrams(): number;
  /** Connections made to the TCP port. */
  connections(): number;
  /** TURN user names received, over either. */
  usernames(): string[];
  close(): Promise<void>;
};

const MAGIC_COOKIE = 0x2112a442;
const ALLOCATE_REQUEST = 0x0003;
const ALLOCATE_ERROR = 0x0113;
const USERNAME = 0x0006;
const ERROR_CODE = 0x0009;
const REALM = 0x0014;
const NONCE = 0x0015;

type StunMessage = { type: number; transaction: Buffer; attributes: Map<number, Buffer>; size: number };

/** The STUN message at the start of `data`, or undefined when `data` does not hold a whole one. */
function readStun(data: Buffer): StunMessage | undefined {
  if (data.length < 20 || data.readUInt32BE(4) !== MAGIC_COOKIE) return undefined;
  const size = 20 + data.readUInt16BE(2);
  if (data.length < size) return undefined;
  const attributes = new Map<number, Buffer>();
  for (let at = 20; at + 4 <= size; ) {
    const length = data.readUInt16BE(at + 2);
    attributes.set(data.readUInt16BE(at), data.subarray(at + 4, at + 4 + length));
    at += 4 + Math.ceil(length / 4) * 4;
  }
  return { type: data.readUInt16BE(0), transaction: data.subarray(8, 20), attributes, size };
}

function attribute(type: number, value: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, value, Buffer.alloc((4 - (value.length % 4)) % 4)]);
}

/** "401 Unauthorized" to an Allocate, with a realm and nonce, so the client sends its user name next. */
function askToSignIn(request: StunMessage): Buffer {
  const body = Buffer.concat([
    attribute(ERROR_CODE, Buffer.concat([Buffer.from([0, 0, 4, 1]), Buffer.from('Unauthorized')])),
    attribute(REALM, Buffer.from('catcher')),
    attribute(NONCE, Buffer.from('0123456789abcdef')),
  ]);
  const head = Buffer.alloc(8);
  head.writeUInt16BE(ALLOCATE_ERROR, 0);
  head.writeUInt16BE(body.length, 2);
  head.writeUInt32BE(MAGIC_COOKIE, 4);
  return Buffer.concat([head, request.transaction, body]);
}

/** Starts a catcher on 127.0.0.1 (free ports), and nowhere else. */
export async function startWebRtcCatcher(): Promise<WebRtcCatcher> {
  let datagrams = 0;
  let connections = 0;
  const usernames: string[] = [];
  const answer = (message: StunMessage, reply: (data: Buffer) => void) => {
    const username = message.attributes.get(USERNAME);
    if (username) usernames.push(username.toString('utf8'));
    else if (message.type === ALLOCATE_REQUEST) reply(askToSignIn(message));
  };

  const udp = createSocket('udp4');
  udp.on('message', (data: Buffer, from: RemoteInfo) => {
    datagrams += 1;
    const message = readStun(data);
    if (message) answer(message, (reply) => udp.send(reply, from.port, from.address));
  });
  await new Promise<void>((bound) => udp.bind(0, '127.0.0.1', bound));

  const sockets = new Set<Socket>();
  const tcp = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (let message = readStun(pending); message; message = readStun(pending)) {
        pending = pending.subarray(message.size);
        answer(message, (reply) => socket.write(reply));
      }
    });
  });
  await new Promise<void>((listening) => tcp.listen(0, '127.0.0.1', listening));
  const tcpAddress = tcp.address();
  if (tcpAddress === null || typeof tcpAddress === 'string') throw new Error('The TCP catcher has no port.');

  return {
    udpPort: udp.address().port,
    tcpPort: tcpAddress.port,
    datagrams: () => datagrams,
    connections: () => connections,
    usernames: () => [...usernames],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((closed) => udp.close(() => closed())),
        new Promise<void>((closed) => tcp.close(() => closed())),
      ]);
    },
  };
}
