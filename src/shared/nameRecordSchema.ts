// A zod schema for JSON objects keyed by names (servers): parsed into a prototype-free record, every name kept.
import { z } from 'zod';
import { type NameRecord, nameRecord } from './nameRecord';

type Issue = Parameters<z.RefinementCtx['addIssue']>[0];

/**
 * Like `z.record(key, value)`, but the result has no prototype and a `__proto__` name is kept
 * (`z.record` drops it, so a server of that name would vanish). A missing value parses as empty.
 */
export function nameRecordSchema<V extends z.ZodType>(key: z.ZodType<string, string>, value: V) {
  const shape = z.record(key, value);
  return z
    .unknown()
    .optional()
    .transform((input, ctx): NameRecord<z.output<V>> => {
      if (input === undefined) return nameRecord();
      const checked = shape.safeParse(input);
      if (!checked.success) {
        for (const issue of checked.error.issues) ctx.addIssue({ ...issue } as Issue);
        return nameRecord();
      }
      const record = nameRecord<z.output<V>>();
      for (const name of Object.keys(input as object)) {
        if (Object.hasOwn(checked.data, name)) {
          record[name] = checked.data[name] as z.output<V>;
          continue;
        }
        // Only a name zod left out on purpose gets here: check it and its value the same way.
        const parsed = value.safeParse(Object.getOwnPropertyDescriptor(input, name)?.value);
        const issues = [...(key.safeParse(name).error?.issues ?? []), ...(parsed.error?.issues ?? [])];
        for (const issue of issues) ctx.addIssue({ ...issue, path: [name, ...issue.path] } as Issue);
        if (parsed.success) record[name] = parsed.data as z.output<V>;
      }
      return record;
    });
}
