// What a host text is (an id in the host catalogue and its values) and how to read one, without the English catalogue:
// the page reads host texts from its first moment, and loads the host's words only where it says them.

/** A value in a host message; names, paths and server text go in as written and are never translated. */
export type HostTextValue = string | number;

/**
 * One message from the host catalogue (`src/shared/locales/<locale>.json`) with its values; a value may be a host
 * message itself (a sentence inside a sentence), said in the same language.
 */
export type HostText = { id: string; values?: { [key: string]: HostTextValue | HostText } };

/** Words the host shows a person: the English `message` (for logs, tests and older pages), and `text` to translate. */
export type HostWords = { message: string; text?: HostText };

/** `values` with each value that is a host message said by `say`. */
export function resolved(
  values: HostText['values'],
  say: (text: HostText) => string,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values ?? {}))
    out[key] = typeof value === 'object' ? say(value) : value;
  return out;
}

/** `text` with `change` applied to every string value, however deep (to mask secrets in what a server wrote). */
export function mapHostText(text: HostText, change: (value: string) => string): HostText {
  if (!text.values) return text;
  const values: Record<string, HostTextValue | HostText> = {};
  for (const [key, value] of Object.entries(text.values))
    values[key] =
      typeof value === 'string'
        ? change(value)
        : typeof value === 'object'
          ? mapHostText(value, change)
          : value;
  return { ...text, values };
}

/** Whether `value` looks like a host message (its values may be host messages) that came over the wire. */
export function isHostText(value: unknown): value is HostText {
  if (typeof value !== 'object' || value === null) return false;
  const { id, values } = value as { id?: unknown; values?: unknown };
  if (typeof id !== 'string') return false;
  if (values === undefined) return true;
  return (
    typeof values === 'object' &&
    values !== null &&
    Object.values(values).every(
      (item) => typeof item === 'string' || typeof item === 'number' || isHostText(item),
    )
  );
}
