// The rows of the server form: arguments one per row, and environment variables or headers with a Secret switch.
import { type ReactNode, useId } from 'react';
import { useT } from '../../i18n';
import { type DraftArg, type DraftRow, emptyRow, rowKey } from './serverDraft';

/** Props of `ArgumentRows`. */
export type ArgumentRowsProps = { args: DraftArg[]; onChange: (args: DraftArg[]) => void };

/** Each argument in a row of its own, so spaces and quotes need no escaping. */
export function ArgumentRows({ args, onChange }: ArgumentRowsProps): ReactNode {
  const t = useT();
  const titleId = useId();
  const set = (key: number, value: string) =>
    onChange(args.map((arg) => (arg.key === key ? { ...arg, value } : arg)));
  return (
    <fieldset className="rows-field">
      <legend id={titleId}>{t('serverEditor.rows.arguments')}</legend>
      {args.length > 0 ? (
        <ol className="entry-rows" aria-labelledby={titleId}>
          {args.map((arg, index) => {
            const number = index + 1;
            return (
              <li key={arg.key} className="entry-row">
                <input
                  type="text"
                  aria-label={t('serverEditor.rows.argument', { number })}
                  value={arg.value}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => set(arg.key, event.target.value)}
                />
                <button
                  type="button"
                  className="small"
                  aria-label={
                    arg.value
                      ? t('serverEditor.rows.removeArgumentValue', { number, value: arg.value })
                      : t('serverEditor.rows.removeArgument', { number })
                  }
                  onClick={() => onChange(args.filter((item) => item.key !== arg.key))}
                >
                  {t('serverEditor.rows.remove')}
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
        {t('serverEditor.rows.addArgument')}
      </button>
    </fieldset>
  );
}

/** Props of `NamedValueRows`: `kind` is what one row is (an environment variable or a header). */
export type NamedValueRowsProps = {
  legend: string;
  kind: 'env' | 'header';
  rows: DraftRow[];
  onChange: (rows: DraftRow[]) => void;
};

/** Name, value and a Secret switch per row; a secret's value is typed hidden and never shown again. */
export function NamedValueRows({ legend, kind, rows, onChange }: NamedValueRowsProps): ReactNode {
  const t = useT();
  const titleId = useId();
  const update = (key: number, change: Partial<DraftRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <fieldset className="rows-field">
      <legend id={titleId}>{legend}</legend>
      {rows.length > 0 ? (
        <ul className="entry-rows" aria-labelledby={titleId}>
          {rows.map((row, index) => {
            const number = index + 1;
            const which = row.name.trim() || t('serverEditor.rows.row', { kind, number });
            const stored = row.secret && row.input !== undefined;
            return (
              <li key={row.key} className="entry-row named-row">
                <input
                  type="text"
                  className="row-name"
                  aria-label={t('serverEditor.rows.nameOf', { kind, number })}
                  placeholder={t('serverEditor.rows.namePlaceholder')}
                  value={row.name}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => update(row.key, { name: event.target.value })}
                />
                <input
                  type={row.secret ? 'password' : 'text'}
                  className="row-value"
                  aria-label={t('serverEditor.rows.valueOf', { which })}
                  placeholder={stored ? t('serverEditor.stored') : t('serverEditor.rows.valuePlaceholder')}
                  value={row.value}
                  spellCheck={false}
                  autoComplete={row.secret ? 'new-password' : 'off'}
                  onChange={(event) => update(row.key, { value: event.target.value })}
                />
                <label className="row-secret" title={t('serverEditor.rows.secretTitle')}>
                  <input
                    type="checkbox"
                    aria-label={t('serverEditor.rows.keepSecret', { which })}
                    checked={row.secret}
                    onChange={(event) => update(row.key, { secret: event.target.checked })}
                  />
                  <span aria-hidden="true">{t('serverEditor.rows.secret')}</span>
                </label>
                <button
                  type="button"
                  className="small"
                  aria-label={t('serverEditor.rows.removeRow', { which })}
                  onClick={() => onChange(rows.filter((item) => item.key !== row.key))}
                >
                  {t('serverEditor.rows.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <button type="button" className="small" onClick={() => onChange([...rows, emptyRow()])}>
        {t('serverEditor.rows.add', { kind })}
      </button>
    </fieldset>
  );
}
