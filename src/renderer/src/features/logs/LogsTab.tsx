// Logs: the server's stderr and log notifications, filtered by level and words, following the newest line; lines open in full and copy.
import { useMemo, useState } from 'react';
import { LOG_LEVELS, type LogEntry, type LogLevel, type ServerView } from '../../../../shared/types';
import { formatTime } from '../../components/format';
import { CopyButton } from '../../components/Markdown';
import { useFrontDrops, VirtualList } from '../../components/VirtualList';
import { useT } from '../../i18n';
import { useLogs } from '../../store';
import { LogLevelControl } from './LogLevelControl';
import { logLineText, matchesLog } from './logSearch';
import { PauseButton } from './PauseButton';
import { useHistoryFill } from './useHistoryFill';
import { usePausable } from './usePausable';
import './streams.css';

const ROW_HEIGHT = 22;
const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);

function LogRow({ entry, selected, onSelect }: { entry: LogEntry; selected: boolean; onSelect: () => void }) {
  const firstLine = entry.text.split('\n', 1)[0] ?? '';
  const rowClass = `stream-row log-${entry.level}`;
  const levelClass = `col-level level-${entry.level}`;
  return (
    <button type="button" className={rowClass} aria-pressed={selected} title={entry.text} onClick={onSelect}>
      <span className="col-time">{formatTime(entry.time)}</span>
      <span className="col-source">{entry.source}</span>
      <span className={levelClass}>{entry.level}</span>
      <span className="col-logger">{entry.logger ?? ''}</span>
      <span className="col-text">{firstLine}</span>
    </button>
  );
}

/** The Logs tab of a server. */
export function LogsTab({ view }: { view: ServerView }) {
  const t = useT();
  const live = useLogs(view.name);
  const fillError = useHistoryFill(view.name, 'logs');
  const { shown: all, paused, missed, toggle } = usePausable(live);
  const [minimum, setMinimum] = useState<LogLevel>('debug');
  const [selected, setSelected] = useState<LogEntry | null>(null);
  const [query, setQuery] = useState('');
  const entries = useMemo(
    () =>
      minimum === 'debug' && !query.trim()
        ? all
        : all.filter((entry) => rank(entry.level) >= rank(minimum) && matchesLog(entry, query)),
    [all, minimum, query],
  );
  const shift = useFrontDrops(entries);

  return (
    <div className="stream-tab">
      <div className="toolbar">
        <label>
          {t('logs.showLevel')}{' '}
          <select
            value={minimum}
            onChange={(event) =>
              setMinimum(LOG_LEVELS.find((level) => level === event.target.value) ?? 'debug')
            }
          >
            {LOG_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level === 'debug' ? t('logs.level.all') : t('logs.level.andAbove', { level })}
              </option>
            ))}
          </select>
        </label>
        <input
          type="search"
          aria-label={t('logs.search')}
          placeholder={t('logs.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <LogLevelControl view={view} />
        <PauseButton paused={paused} missed={missed} onToggle={toggle} />
        <span className="muted toolbar-end">
          {entries.length === all.length
            ? t('logs.count', { count: all.length })
            : t('logs.countOf', { shown: entries.length, count: all.length })}
        </span>
        {entries.length > 0 ? (
          <CopyButton text={entries.map(logLineText).join('\n')} label={t('logs.copyShown')} />
        ) : null}
      </div>
      {fillError ? <p className="inline-error pad">{fillError}</p> : null}
      {entries.length === 0 ? (
        <p className="muted pad">{all.length > 0 ? t('logs.empty.noMatch') : t('logs.empty.none')}</p>
      ) : null}
      <VirtualList
        ariaLabel={t('logs.lines')}
        count={entries.length}
        rowHeight={ROW_HEIGHT}
        followTail
        shift={shift}
        rowKey={(index) => entries[index]?.seq ?? index}
        renderRow={(index) => {
          const entry = entries[index];
          if (!entry) return null;
          return (
            <LogRow
              entry={entry}
              selected={entry.seq === selected?.seq}
              onSelect={() => setSelected(entry.seq === selected?.seq ? null : entry)}
            />
          );
        }}
      />
      {selected ? (
        <section className="detail-pane" aria-label={t('logs.selected')}>
          <div className="detail-header">
            <span>
              {formatTime(selected.time)} · {selected.source} · {selected.level}
              {selected.logger ? ` · ${selected.logger}` : ''}
            </span>
            <CopyButton text={selected.text} label={t('logs.copyLine')} />
          </div>
          <pre className="untrusted-text">{selected.text}</pre>
        </section>
      ) : null}
    </div>
  );
}
