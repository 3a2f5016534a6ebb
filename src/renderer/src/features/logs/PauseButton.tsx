// The Pause / Resume toggle of a stream tab, with how many entries arrived while paused.
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
  return (
    <span className="toolbar-group">
      <button type="button" className="small" onClick={onToggle}>
        {paused ? 'Resume' : 'Pause'}
      </button>
      {paused ? <span className="muted">{missed} new since paused</span> : null}
    </span>
  );
}
