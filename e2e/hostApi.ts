// Talks to a running browser-mode host directly, for what a test must do behind the UI's back.
import WebSocket from 'ws';
import { socketProtocols, WS_PATH } from '../src/shared/channels';
import type { CommandArgs, CommandName, CommandResult } from '../src/shared/contract';
import type { RunningHost } from './host';

/** Invokes one command over the host's WebSocket and returns its value. */
export async function invoke<N extends CommandName>(
  host: RunningHost,
  name: N,
  args: CommandArgs<N>,
): Promise<CommandResult<N>> {
  const socket = new WebSocket(
    `${host.origin.replace('http', 'ws')}${WS_PATH}`,
    socketProtocols(host.token),
    {
      origin: host.origin,
    },
  );
  try {
    await new Promise((done, fail) => socket.once('open', done).once('error', fail));
    socket.send(JSON.stringify({ id: 1, name, args }));
    const frame = await new Promise<{ reply: { ok: boolean; value?: unknown; error?: { message: string } } }>(
      (done) =>
        socket.on('message', (data) => {
          const parsed = JSON.parse(data.toString());
          if (parsed.id === 1) done(parsed);
        }),
    );
    if (!frame.reply.ok) throw new Error(frame.reply.error?.message);
    return frame.reply.value as CommandResult<N>;
  } finally {
    socket.close();
  }
}
