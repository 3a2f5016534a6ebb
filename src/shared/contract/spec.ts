// How a domain of the contract declares its commands (input schema beside result type) and its events, and how the domains merge.
import type { z } from 'zod';

declare const result: unique symbol;
declare const payload: unique symbol;

/** A command: the schema its input must pass, and what it answers (a type only, for the compiler). */
export type CommandSpec<S extends z.ZodType = z.ZodType, R = unknown> = {
  readonly input: S;
  readonly [result]: R;
};

/** An event, by the payload it carries (a type only, for the compiler). */
export type EventSpec<P = unknown> = { readonly [payload]: P };

export type ResultOf<C extends CommandSpec> = C[typeof result];
export type PayloadOf<E extends EventSpec> = E[typeof payload];

/** `command(schema).returns<Result>()`: a command's input and its result, side by side. */
export function command<S extends z.ZodType>(input: S) {
  return { returns: <R>() => ({ input }) as CommandSpec<S, R> };
}

/** `event<Payload>()`: an event and what it carries. */
export function event<P>(): EventSpec<P> {
  return {} as EventSpec<P>;
}

/** Each domain's declarations by name, keyed by domain. */
type Domains = Record<string, Record<string, unknown>>;
type NamesOf<D extends Domains> = { [N in keyof D]: keyof D[N] }[keyof D];

/** Names more than one domain declares; `never` when every name has one home. */
export type SharedNames<D extends Domains> = { [N in keyof D]: keyof D[N] & NamesOf<Omit<D, N>> }[keyof D];

/** Every domain's declarations in one record. */
export type Merged<D extends Domains> = {
  [K in NamesOf<D>]: { [N in keyof D]: K extends keyof D[N] ? D[N][K] : never }[keyof D];
};

/** What `merge` requires beyond the domains: nothing, unless a name is declared twice (then it does not compile). */
type EachNameOnce<D extends Domains> = [SharedNames<D>] extends [never]
  ? unknown
  : { 'declared by more than one domain': SharedNames<D> };

/** Puts the domains' declarations in one record; a name two domains declare is refused, never overwritten. */
export function merge<D extends Domains>(domains: D & EachNameOnce<D>): Merged<D> {
  const merged: Record<string, unknown> = {};
  const home = new Map<string, string>();
  for (const [domain, declarations] of Object.entries(domains)) {
    for (const [name, declaration] of Object.entries(declarations)) {
      const first = home.get(name);
      if (first !== undefined) {
        throw new Error(
          `The contract declares ${name} in both ${first} and ${domain}; keep it in one of them.`,
        );
      }
      home.set(name, domain);
      merged[name] = declaration;
    }
  }
  return merged as Merged<D>;
}
