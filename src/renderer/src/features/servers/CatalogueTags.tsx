// Tags saying where a server's lists come from: "from cache" until the live lists arrive, "starts on use" for lazy servers.
import type { ServerView } from '../../../../shared/types';

/** Where cached lists come from, in the person's words: the file is written only when the lists change. */
export function cachedLabel(cachedAt: number): string {
  return `Saved ${new Date(cachedAt).toLocaleString()}, and the same at every start since; the live lists replace these once the server answers.`;
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
