// Protocol: every JSON-RPC frame in and out, virtualised, with the selected frame's JSON below (large ones on demand).
import { useMemo, useState } from 'react';
import type { WireEntry } from '../../../../shared/types';
import { formatSize, formatTime } from '../../components/format';
import { useFrontDrops, VirtualList } from '../../components/VirtualList';
import { useT } from '../../i18n';
import { useWire } from '../../store';
import { WIRE_CAP } from '../../store/streamsSlice';
import { FrameDetail } from './FrameDetail';
import { PauseButton } from './PauseButton';
import { useHistoryFill } from './useHistoryFill';
import { usePausable } from './usePausable';
import { requestMethods, summarize } from './wireSummary';
import './streams.css';

const ROW_HEIGHT = 22;

type Row = { entry: WireEntry; summary: string; seq: number };

function FrameRow({ row, selected, onSelect }: { row: Row; selected: boolean; onSelect: () => void }) {
  const t = useT();
  const out = row.entry.direction === 'out';
  return (
    <button type="button" className="stream-row" aria-expanded={selected} onClick={onSelect}>
      <span className="col-time">{formatTime(row.entry.time)}</span>
      <span className={out ? 'col-dir dir-out' : 'col-dir dir-in'}>
        {out ? t('logs.dir.out') : t('logs.dir.in')}
      </span>
      <span className="col-text">{row.summary}</span>
    </button>
  );
}

/** The Protocol tab of a server. */
export function ProtocolTab({ server }: { server: string }) {
  const t = useT();
  const live = useWire(server);
  const fillError = useHistoryFill(server, 'wire');
  const { shown: entries, paused, missed, toggle } = usePausable(live);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<Row | null>(null);

  const rows = useMemo(() => {
    const methods = requestMethods(entries);
    const all: Row[] = entries.map((entry) => ({
      entry,
      seq: entry.seq,
      summary: entry.capped
        ? `${summarize(entry, methods, t)} · ${formatSize(entry.capped.size)}`
        : summarize(entry, methods, t),
    }));
    const needle = filter.trim().toLowerCase();
    return needle ? all.filter((row) => row.summary.toLowerCase().includes(needle)) : all;
  }, [entries, filter, t]);
  const shift = useFrontDrops(rows);

  return (
    <div className="stream-tab">
      <div className="toolbar">
        <label>
          {t('logs.filter')}{' '}
          <input
            type="search"
            value={filter}
            placeholder={t('logs.filterPlaceholder')}
            onChange={(event) => setFilter(event.target.value)}
          />
        </label>
        <PauseButton paused={paused} missed={missed} onToggle={toggle} />
        <span className="muted toolbar-end">
          {t(rows.length === entries.length ? 'logs.frames.count' : 'logs.frames.countOf', {
            shown: rows.length,
            count: entries.length,
            capped: entries.length >= WIRE_CAP ? 'yes' : 'no',
            cap: WIRE_CAP,
          })}
        </span>
      </div>
      {fillError ? <p className="inline-error pad">{fillError}</p> : null}
      {entries.length === 0 ? <p className="muted pad">{t('logs.frames.none')}</p> : null}
      <VirtualList
        ariaLabel={t('logs.frames.label')}
        count={rows.length}
        rowHeight={ROW_HEIGHT}
        followTail
        shift={shift}
        rowKey={(index) => rows[index]?.seq ?? index}
        renderRow={(index) => {
          const row = rows[index];
          if (!row) return null;
          return (
            <FrameRow
              row={row}
              selected={row.seq === selected?.seq}
              onSelect={() => setSelected(row.seq === selected?.seq ? null : row)}
            />
          );
        }}
      />
      {selected ? (
        <section className="detail-pane" aria-label={t('logs.frames.selected')}>
          <div className="detail-header">
            <span>
              {selected.entry.direction === 'out' ? t('logs.dir.out') : t('logs.dir.in')} ·{' '}
              {formatTime(selected.entry.time)} · {selected.summary}
            </span>
            <button
              type="button"
              className="icon-button"
              aria-label={t('logs.frames.close')}
              onClick={() => setSelected(null)}
            >
              ×
            </button>
          </div>
          <FrameDetail entry={selected.entry} />
        </section>
      ) : null}
    </div>
  );
}
