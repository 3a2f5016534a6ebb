// The only allowlist of commands: validates every input against the contract and turns errors into {code, message}.
import { z } from 'zod';
import { type CommandName, commandInputs, type Reply } from '../../shared/contract';
import { HostFault, messageOf } from '../errors';
import type { Host } from '../host';

export type Dispatch = (name: unknown, args: unknown) => Promise<Reply<unknown>>;

export function createDispatcher(host: Host): Dispatch {
  return async (name, args) => {
    if (typeof name !== 'string' || !Object.hasOwn(commandInputs, name)) {
      return { ok: false, error: { code: 'unknown_command', message: `Unknown command: ${String(name)}` } };
    }
    const command = name as CommandName;
    const parsed = commandInputs[command].safeParse(args ?? {});
    if (!parsed.success) {
      return { ok: false, error: { code: 'invalid_input', message: z.prettifyError(parsed.error) } };
    }
    try {
      const handler = host.commands[command] as (input: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof HostFault)
        return { ok: false, error: { code: error.code, message: error.message } };
      return { ok: false, error: { code: 'internal', message: messageOf(error) } };
    }
  };
}
