// Tags saying where a server's lists come from: "from cache" until the live lists arrive, "starts on use" for lazy servers.
import type { ServerView } from '../../../../shared/types';
import { format, translate, useT } from '../../i18n';

/** Where cached lists come from, in the person's words: the file is written only when the lists change. */
export function cachedLabel(cachedAt: number): string {
  return translate('servers.cache.saved', { at: format().dateTime(cachedAt) });
}

/** Inline tags for the server list and the server header. */
export function CatalogueTags({ view }: { view: ServerView }) {
  const t = useT();
  const lazy = view.entry.autoStart === false && !view.entry.disabled;
  return (
    <>
      {view.cachedAt !== undefined ? (
        <span className="tag tag-cached" title={cachedLabel(view.cachedAt)}>
          {t('servers.cache.tag')}
        </span>
      ) : null}
      {lazy && view.state.kind === 'stopped' ? (
        <span className="tag" title={t('servers.lazy.title')}>
          {t('servers.lazy.tag')}
        </span>
      ) : null}
    </>
  );
}
