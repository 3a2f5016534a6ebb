// The baseline of a whole launch: a bare SDK process that connects to SERVERS bench servers in parallel, lists their tools, and says so.
// With OWN_SESSIONS set, each server runs in a session of its own (through util-linux's `setsid`), as the host runs them.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const script = new URL('../../test/fixtures/sized.mjs', import.meta.url).pathname;
const count = Number(process.env.SERVERS ?? 10);
const command = process.env.OWN_SESSIONS
  ? { command: '/usr/bin/setsid', args: [process.execPath, script] }
  : { command: process.execPath, args: [script] };
const clients = await Promise.all(
  Array.from({ length: count }, async () => {
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(new StdioClientTransport(command));
    await client.listTools();
    return client;
  }),
);
process.stdout.write(`ready with ${clients.length} servers\n`);
process.on('SIGTERM', async () => {
  await Promise.all(clients.map((client) => client.close()));
  process.exit(0);
});
