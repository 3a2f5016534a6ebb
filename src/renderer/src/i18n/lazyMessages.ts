// Catalogues read only as far as they are used: a file's messages are parsed when one of them is first asked for, and a
// language finds each message in the area its id starts with (`chat.send` in chat.json), else in its fallback.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** One language's messages: all ICU text (tests) or all parsed (the build). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

type Message = string | MessageFormatElement[];

/** The messages of one catalogue file, given as JSON and parsed the first time anything reads them. */
export function parsedOnFirstUse(json: string): Messages {
  let parsed: Messages | undefined;
  const messages = () => {
    parsed ??= JSON.parse(json) as Messages;
    return parsed;
  };
  return readOnlyView(
    (id) => own(messages(), id),
    () => Object.keys(messages()),
  );
}

/** A language's messages over its files (by area name); a message it lacks comes from `fallback`. */
export function byArea(areas: ReadonlyMap<string, Messages>, fallback?: Messages): Messages {
  const find = (id: string) => {
    const area = areas.get(id.slice(0, Math.max(0, id.indexOf('.'))));
    return (area && own(area, id)) ?? (fallback && own(fallback, id));
  };
  const keys = () => [
    ...new Set([...[...areas.values()].flatMap((area) => Object.keys(area)), ...Object.keys(fallback ?? {})]),
  ];
  return readOnlyView(find, keys);
}

function own(messages: Messages, id: string): Message | undefined {
  return Object.hasOwn(messages, id) ? messages[id] : undefined;
}

/** An object whose properties are what `find` says, listed by `keys`; nothing can be written to it. */
function readOnlyView(find: (id: string) => Message | undefined, keys: () => string[]): Messages {
  const value = (id: string | symbol) => (typeof id === 'string' ? find(id) : undefined);
  return new Proxy({} as Messages, {
    get: (_, id) => value(id),
    has: (_, id) => value(id) !== undefined,
    ownKeys: () => keys(),
    getOwnPropertyDescriptor: (_, id) => {
      const found = value(id);
      return found === undefined
        ? undefined
        : { value: found, writable: false, enumerable: true, configurable: true };
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}
