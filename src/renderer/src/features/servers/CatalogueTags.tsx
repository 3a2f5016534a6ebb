// Tags saying where a server's lists come from: "from cache" until the live lists arrive, "starts on use" for lazy servers.
import type { ServerView } from '../../../../shared/types';

/** The time a cache was saved, in the person's words. */
export function cachedLabel(cachedAt: number): string {
  return `Saved ${new Date(cachedAt).toLocaleString()} when the server last ran; the live lists replace these once it answers.`;
}

/** Inline tags for the server list and the server header. */
export function CatalogueTags({ view }: { view: ServerView }) {
  const lazy = view.entry.autoStart === false && !view.entry.disabled;
  return (
    <>
      {view.cachedAt !== undefined ? (
        <span className="tag tag-cached" title={cachedLabel(view.cachedAt)}>
          from cache
        </span>
      ) : null}
      {lazy && view.state.kind === 'stopped' ? (
        <span className="tag" title="Not started at launch: it starts the first time it is used.">
          starts on use
        </span>
      ) : null}
    </>
  );
}
