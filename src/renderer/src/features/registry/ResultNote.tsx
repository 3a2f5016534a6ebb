// What bringing a server in did, in plain words: added and waiting for approval, renamed, or skipped, with any notes.
import type { BringInResult } from '../../../../shared/registry';
import { useT } from '../../i18n';

/** The outcome of an install, bundle or link, shown where the person pressed the button. */
export function ResultNote({ result }: { result: BringInResult }) {
  const t = useT();
  const separator = t('registry.listSeparator');
  return (
    <div className="bring-in-result" role="status">
      {result.added.length > 0 ? (
        <p>
          {t('registry.result.added', {
            names: result.added.map((name) => t('registry.result.quoted', { name })).join(separator),
          })}
        </p>
      ) : (
        <p>
          {result.skipped.length > 0
            ? t('registry.result.skipped', { names: result.skipped.join(separator) })
            : t('registry.result.nothing')}
        </p>
      )}
      {result.notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
    </div>
  );
}
