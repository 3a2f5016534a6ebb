// Logs: the server's stderr and log notifications, filtered by level, following the newest line.
import { useMemo, useState } from 'react';
import { LOG_LEVELS, type LogEntry, type LogLevel, type ServerView } from '../../../../shared/types';
import { formatTime, plural } from '../../components/format';
import { useFrontDrops, VirtualList } from '../../components/VirtualList';
import { useLogs } from '../../store';
import { LogLevelControl } from './LogLevelControl';
import { PauseButton } from './PauseButton';
import { useHistoryFill } from './useHistoryFill';
import { usePausable } from './usePausable';
import './streams.css';

const ROW_HEIGHT = 22;
const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);

function LogRow({ entry, selected, onSelect }: { entry: LogEntry; selected: boolean; onSelect: () => void }) {
  const firstLine = entry.text.split('\n', 1)[0] ?? '';
  return (
    <button
      type="button"
      className={`stream-row log-${entry.level}`}
      aria-pressed={selected}
      title={entry.text}
      onClick={onSelect}
    >
      <span className="col-time">{formatTime(entry.time)}</span>
      <span className="col-source">{entry.source}</span>
      <span className={`col-level level-${entry.level}`}>{entry.level}</span>
      <span className="col-logger">{entry.logger ?? ''}</span>
      <span className="col-text">{firstLine}</span>
    </button>
  );
}

/** The Logs tab of a server. */
export function LogsTab({ view }: { view: ServerView }) {
  const live = useLogs(view.name);
  const fillError = useHistoryFill(view.name, 'logs');
  const { shown: all, paused, missed, toggle } = usePausable(live);
  const [minimum, setMinimum] = useState<LogLevel>('debug');
  const [selected, setSelected] = useState<LogEntry | null>(null);
  const entries = useMemo(
    () => (minimum === 'debug' ? all : all.filter((entry) => rank(entry.level) >= rank(minimum))),
    [all, minimum],
  );
  const shift = useFrontDrops(entries);

  return (
    <div className="stream-tab">
      <div className="toolbar">
        <label>
          Show level{' '}
          <select
            value={minimum}
            onChange={(event) =>
              setMinimum(LOG_LEVELS.find((level) => level === event.target.value) ?? 'debug')
            }
          >
            {LOG_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level === 'debug' ? 'all levels' : `${level} and above`}
              </option>
            ))}
          </select>
        </label>
        <LogLevelControl view={view} />
        <PauseButton paused={paused} missed={missed} onToggle={toggle} />
        <span className="muted toolbar-end">
          {entries.length === all.length
            ? plural(all.length, 'line')
            : `${entries.length} of ${plural(all.length, 'line')}`}
        </span>
      </div>
      {fillError ? <p className="inline-error pad">{fillError}</p> : null}
      {entries.length === 0 ? (
        <p className="muted pad">
          No log lines yet. Lines the server writes to stderr and its log messages appear here.
        </p>
      ) : null}
      <VirtualList
        ariaLabel="Log lines"
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
        <section className="detail-pane" aria-label="Selected log line">
          <pre className="untrusted-text">{selected.text}</pre>
        </section>
      ) : null}
    </div>
  );
}
