// The scripted model server in a process of its own, so what it records of requests never counts as the host's memory.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export type ModelProcess = { url: string; script(turns: unknown[]): Promise<void>; close(): void };

/** Starts test/fixtures/openai-server.mjs on a free port and resolves once it listens. */
export async function modelProcess(): Promise<ModelProcess> {
  const child = spawn(process.execPath, [resolve('test/fixtures/openai-server.mjs'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening on (\S+)/.exec(out)?.[1];
      if (found) done(found);
    });
    child.once('exit', () => fail(new Error('The scripted model server exited before it listened.')));
  });
  const base = url.replace(/\/v1$/, '');
  return {
    url,
    async script(turns) {
      const response = await fetch(`${base}/__script`, { method: 'POST', body: JSON.stringify(turns) });
      if (!response.ok) throw new Error(`Scripting the model failed: ${response.status}`);
    },
    close: () => child.kill(),
  };
}
