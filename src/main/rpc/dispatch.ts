// The only allowlist of commands: validates every input against the contract and turns every error into {code, message}.
import { z } from 'zod';
import { type CommandCaller, type CommandName, commandInputs, type Reply } from '../../shared/contract';
import { HostFault, messageOf } from '../errors';
import { nestsDeeperThan } from '../json/bounded';

/** Never rejects: whatever a page sends, the answer is a Reply. */
export type Dispatch = (name: unknown, args: unknown, caller?: CommandCaller) => Promise<Reply<unknown>>;

/** How deep a command's arguments may nest; deeper input would overflow the validator's stack. */
export const MAX_INPUT_DEPTH = 128;

/** What the host's commands need: their handlers. */
export type CommandTarget = { commands: Record<CommandName, unknown> };

const NO_CALLER: CommandCaller = { watchWire: () => {} };

export function createDispatcher(host: CommandTarget): Dispatch {
  return async (name, args, caller = NO_CALLER) => {
    if (typeof name !== 'string' || !Object.hasOwn(commandInputs, name)) {
      return { ok: false, error: { code: 'unknown_command', message: `Unknown command: ${String(name)}` } };
    }
    const command = name as CommandName;
    if (nestsDeeperThan(args, MAX_INPUT_DEPTH)) {
      return {
        ok: false,
        error: {
          code: 'invalid_input',
          message: `The arguments of ${command} are nested more than ${MAX_INPUT_DEPTH} levels deep; the host does not take that.`,
        },
      };
    }
    try {
      const parsed = commandInputs[command].safeParse(args ?? {});
      if (!parsed.success) {
        return { ok: false, error: { code: 'invalid_input', message: z.prettifyError(parsed.error) } };
      }
      const handler = host.commands[command] as (input: unknown, caller: CommandCaller) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data, caller) };
    } catch (error) {
      if (error instanceof HostFault)
        return {
          ok: false,
          error: { code: error.code, message: error.message, ...(error.text ? { text: error.text } : {}) },
        };
      return { ok: false, error: { code: 'internal', message: messageOf(error) } };
    }
  };
}
