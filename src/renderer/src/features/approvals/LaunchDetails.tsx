// What a server would run, as the approval and import dialogs show it: the exact argv, never a shell line; references in words, secrets hidden.
import type { ReactNode } from 'react';
import type { LaunchView, NamedValue } from '../../../../shared/serverApprovals';
import { useT } from '../../i18n';
import './approvals.css';

/** The argv as a JSON array, one element per line: exactly what the program receives, quotes and all. */
export function argvText(launch: Extract<LaunchView, { transport: 'stdio' }>): string {
  return JSON.stringify([launch.command, ...launch.args], null, 2);
}

/** The command line (or address), working directory and the names of environment variables or headers. */
export function LaunchDetails({ launch }: { launch: LaunchView }): ReactNode {
  const t = useT();
  if (launch.transport !== 'stdio') {
    const transport =
      launch.transport === 'auto' ? t('approvals.launch.autoTransport') : launch.transport.toUpperCase();
    return (
      <dl className="launch-details">
        <dt>{t('approvals.launch.address')}</dt>
        <dd>
          <code>{launch.url}</code>{' '}
          <span className="muted">{t('approvals.launch.transport', { transport })}</span>
        </dd>
        <dt>{t('approvals.launch.headers')}</dt>
        <dd>
          {launch.headers.length === 0 ? (
            t('approvals.launch.none')
          ) : (
            <Values values={launch.headers} label={t('approvals.launch.headers')} />
          )}
        </dd>
      </dl>
    );
  }
  return (
    <dl className="launch-details">
      <dt>{t('approvals.launch.commandLineTitle')}</dt>
      <dd>
        <figure className="launch-figure" aria-label={t('approvals.launch.commandLine')}>
          <pre className="launch-argv">{argvText(launch)}</pre>
        </figure>
      </dd>
      <dt>{t('approvals.launch.cwd')}</dt>
      <dd>
        {launch.cwd === undefined ? (
          <span className="muted">{t('approvals.launch.notSet')}</span>
        ) : (
          <code>{launch.cwd}</code>
        )}
      </dd>
      <dt>{t('approvals.launch.env')}</dt>
      <dd>
        {launch.env.length === 0 ? (
          t('approvals.launch.none')
        ) : (
          <Values values={launch.env} label={t('approvals.launch.env')} />
        )}
      </dd>
    </dl>
  );
}

/** Each name with its value in words, as the host put them: a reference says what it stands for, a secret is hidden. */
function Values({ values, label }: { values: readonly NamedValue[]; label: string }): ReactNode {
  return (
    <ul className="launch-names" aria-label={label}>
      {values.map(({ name, value }) => (
        <li key={name}>
          <code>{name}</code> = {value}
        </li>
      ))}
    </ul>
  );
}
