// The baseline of a large result: a process that answers each line on stdin with one JSON line of BYTES characters of text.
import { createInterface } from 'node:readline';

const line = 'All work and no play makes a large result. 0123456789 abcdefghijklmnopqrstuvwxyz\n';
const bytes = Number(process.env.BYTES ?? 9 * 1024 * 1024);
const text = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
let id = 0;
for await (const _ of createInterface({ input: process.stdin })) {
  const answer = { jsonrpc: '2.0', id: ++id, result: { content: [{ type: 'text', text }] } };
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
