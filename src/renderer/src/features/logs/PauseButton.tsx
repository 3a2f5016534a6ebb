// The Pause / Resume toggle of a stream tab, with how many entries arrived while paused.
import { useT } from '../../i18n';

/** Reads "Pause" while live and "Resume" while frozen. */
export function PauseButton({
  paused,
  missed,
  onToggle,
}: {
  paused: boolean;
  missed: number;
  onToggle: () => void;
}) {
  const t = useT();
  return (
    <span className="toolbar-group">
      <button type="button" className="small" onClick={onToggle}>
        {paused ? t('logs.resume') : t('logs.pause')}
      </button>
      {paused ? <span className="muted">{t('logs.missed', { count: missed })}</span> : null}
    </span>
  );
}
