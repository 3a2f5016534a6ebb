// A pasted block of several servers, as the Add server dialog shows it before adding them all.
import type { ReactNode } from 'react';
import { shellWord } from '../../components/format';
import { useT } from '../../i18n';
import type { CheckedServer } from './entryValidation';

function launchText(server: CheckedServer): string {
  const entry = server.entry;
  if (!entry) return '';
  if ('url' in entry) return entry.url;
  return [entry.command, ...(entry.args ?? [])].map(shellWord).join(' ');
}

/** Each server of the block with how it starts, or what keeps it from being added. */
export function PastedBlock({ servers }: { servers: CheckedServer[] }): ReactNode {
  const t = useT();
  return (
    <section className="pasted-block" aria-label={t('serverEditor.pasted.label')}>
      <p>{t('serverEditor.pasted.holds', { count: servers.length })}</p>
      <ul className="pasted-list">
        {servers.map((server) => (
          <li key={server.name}>
            <strong>{server.name}</strong> <code className="selectable">{launchText(server)}</code>
            {server.problems.length > 0 ? (
              <ul
                className="problems"
                aria-label={t('serverEditor.pasted.problemsOf', { name: server.name })}
              >
                {server.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="muted hint">{t('serverEditor.pasted.hint')}</p>
    </section>
  );
}
