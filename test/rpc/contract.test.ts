// The contract by domain: every command has an input schema and a result, and the merged allowlist holds each domain's names once.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  type CommandArgs,
  type CommandName,
  type CommandResult,
  commandInputs,
  EVENT_NAMES,
  type EventName,
  type Events,
} from '../../src/shared/contract';
import { command, event, merge } from '../../src/shared/contract/spec';
import type { ServerView } from '../../src/shared/types';

type DomainModule = { commands?: Record<string, unknown>; events?: Record<string, unknown> };
const modules = import.meta.glob<DomainModule>('../../src/shared/contract/*.ts', { eager: true });
const domains = Object.entries(modules).filter(([, module]) => module.commands || module.events);

/** Each name declared by the domain files, as often as they declare it. */
function declared(part: 'commands' | 'events'): string[] {
  return domains.flatMap(([, module]) => Object.keys(module[part] ?? {}));
}

describe('the contract by domain', () => {
  it('finds the domain files', () => {
    expect(domains.length).toBeGreaterThanOrEqual(10);
  });

  it('gives every command of every domain an input schema, and only those', () => {
    const names = declared('commands');
    expect(new Set(names).size, 'a command declared in two domains').toBe(names.length);
    expect(Object.keys(commandInputs).sort()).toEqual([...names].sort());
    for (const [name, schema] of Object.entries(commandInputs)) {
      expect(schema, name).toBeInstanceOf(z.ZodType);
    }
  });

  it('lists every event of every domain once', () => {
    const names = declared('events');
    expect(new Set(names).size, 'an event declared in two domains').toBe(names.length);
    expect([...EVENT_NAMES].sort()).toEqual([...names].sort());
  });

  it('refuses a name two domains declare instead of keeping one of them', () => {
    const first = { 'x.get': command(z.strictObject({})).returns<null>() };
    const second = { 'x.get': command(z.strictObject({ id: z.string() })).returns<string>() };
    // @ts-expect-error: a name declared twice does not compile either.
    expect(() => merge({ first, second })).toThrow(
      'The contract declares x.get in both first and second; keep it in one of them.',
    );
    const changed = { 'x.changed': event<null>() };
    // @ts-expect-error: the same for events.
    expect(() => merge({ first: changed, second: changed })).toThrow('x.changed');
  });

  it('keeps each command and event typed (nothing is left unknown)', () => {
    type Untyped<T> = { [K in keyof T]: unknown extends T[K] ? K : never }[keyof T];
    expectTypeOf<Untyped<{ [N in CommandName]: CommandResult<N> }>>().toBeNever();
    expectTypeOf<Untyped<{ [N in CommandName]: CommandArgs<N> }>>().toBeNever();
    expectTypeOf<Untyped<Events>>().toBeNever();
    expectTypeOf<CommandResult<'servers.list'>>().toEqualTypeOf<ServerView[]>();
    expectTypeOf<CommandArgs<'servers.start'>>().toEqualTypeOf<{ server: string }>();
    expectTypeOf<Events['server.removed']>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<'server.changed'>().toExtend<EventName>();
  });
});
