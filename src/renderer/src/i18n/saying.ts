// `t` of one language: each message is compiled once, on first use, and said again from there.
import { TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { IntlShape } from 'react-intl';

/** Values of a plain message: text and numbers, never markup. */
export type MessageValues = Record<string, string | number | Date>;

/** Says a message of the catalogue with its values. */
export type Say = (id: string, values?: MessageValues) => string;

const sayers = new WeakMap<IntlShape, Say>();

/**
 * The language's `t`. The library's own `formatMessage` finds a compiled message by serializing the message and its
 * formats on every call, which the first render pays for each line it shows; this keeps one per id instead. A message
 * that is missing or fails to format goes through the library, which reports it and says the id.
 */
export function sayerFor(intl: IntlShape): Say {
  let say = sayers.get(intl);
  if (say) return say;
  const messages = intl.messages;
  const compiled = new Map<string, IntlMessageFormat>();
  say = (id, values) => {
    const message = Object.hasOwn(messages, id) ? messages[id] : undefined;
    if (message === undefined) return intl.formatMessage({ id }, values);
    if (Array.isArray(message) && message.length === 1 && message[0]?.type === TYPE.literal)
      return message[0].value;
    let format = compiled.get(id);
    if (!format) {
      format = new IntlMessageFormat(message, intl.locale, undefined, { formatters: intl.formatters });
      compiled.set(id, format);
    }
    try {
      return String(format.format(values));
    } catch {
      return intl.formatMessage({ id }, values);
    }
  };
  sayers.set(intl, say);
  return say;
}
