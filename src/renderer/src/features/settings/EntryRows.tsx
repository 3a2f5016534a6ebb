// The rows of the server form: arguments one per row, and environment variables or headers with a Secret switch.
import { type ReactNode, useId } from 'react';
import { type DraftArg, type DraftRow, emptyRow, rowKey } from './serverDraft';

/** Props of `ArgumentRows`. */
export type ArgumentRowsProps = { args: DraftArg[]; onChange: (args: DraftArg[]) => void };

/** Each argument in a row of its own, so spaces and quotes need no escaping. */
export function ArgumentRows({ args, onChange }: ArgumentRowsProps): ReactNode {
  const titleId = useId();
  const set = (key: number, value: string) =>
    onChange(args.map((arg) => (arg.key === key ? { ...arg, value } : arg)));
  return (
    <fieldset className="rows-field">
      <legend id={titleId}>Arguments</legend>
      {args.length > 0 ? (
        <ol className="entry-rows" aria-labelledby={titleId}>
          {args.map((arg, index) => {
            const which = arg.value ? `argument ${index + 1} (${arg.value})` : `argument ${index + 1}`;
            return (
              <li key={arg.key} className="entry-row">
                <input
                  type="text"
                  aria-label={`Argument ${index + 1}`}
                  value={arg.value}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => set(arg.key, event.target.value)}
                />
                <button
                  type="button"
                  className="small"
                  aria-label={`Remove ${which}`}
                  onClick={() => onChange(args.filter((item) => item.key !== arg.key))}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      <button
        type="button"
        className="small"
        onClick={() => onChange([...args, { key: rowKey(), value: '' }])}
      >
        Add argument
      </button>
    </fieldset>
  );
}

/** Props of `NamedValueRows`: `noun` is what one row is ("variable", "header"). */
export type NamedValueRowsProps = {
  legend: string;
  noun: string;
  rows: DraftRow[];
  onChange: (rows: DraftRow[]) => void;
};

/** Name, value and a Secret switch per row; a secret's value is typed hidden and never shown again. */
export function NamedValueRows({ legend, noun, rows, onChange }: NamedValueRowsProps): ReactNode {
  const titleId = useId();
  const update = (key: number, change: Partial<DraftRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <fieldset className="rows-field">
      <legend id={titleId}>{legend}</legend>
      {rows.length > 0 ? (
        <ul className="entry-rows" aria-labelledby={titleId}>
          {rows.map((row, index) => {
            const which = row.name.trim() || `${noun} ${index + 1}`;
            const stored = row.secret && row.input !== undefined;
            return (
              <li key={row.key} className="entry-row named-row">
                <input
                  type="text"
                  className="row-name"
                  aria-label={`Name of ${noun} ${index + 1}`}
                  placeholder="NAME"
                  value={row.name}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => update(row.key, { name: event.target.value })}
                />
                <input
                  type={row.secret ? 'password' : 'text'}
                  className="row-value"
                  aria-label={`Value of ${which}`}
                  placeholder={stored ? 'Stored — type to replace' : 'value'}
                  value={row.value}
                  spellCheck={false}
                  autoComplete={row.secret ? 'new-password' : 'off'}
                  onChange={(event) => update(row.key, { value: event.target.value })}
                />
                <label className="row-secret" title="Keep the value in the secret store, not in config.json">
                  <input
                    type="checkbox"
                    aria-label={`Keep ${which} secret`}
                    checked={row.secret}
                    onChange={(event) => update(row.key, { secret: event.target.checked })}
                  />
                  <span aria-hidden="true">Secret</span>
                </label>
                <button
                  type="button"
                  className="small"
                  aria-label={`Remove ${which}`}
                  onClick={() => onChange(rows.filter((item) => item.key !== row.key))}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <button type="button" className="small" onClick={() => onChange([...rows, emptyRow()])}>
        Add {noun}
      </button>
    </fieldset>
  );
}
