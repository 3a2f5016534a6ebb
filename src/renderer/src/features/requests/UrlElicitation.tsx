// A link a server wants opened: the full address with its real domain set apart, and warnings; never fetched here.
import type { ReactNode } from 'react';
import { Message, useT } from '../../i18n';
import { describeUrl } from './urlParts';

/** The link, its domain and what to watch out for; opening is the host's job after the person agrees. */
export function UrlElicitation({ url, server }: { url: string; server: string }): ReactNode {
  const t = useT();
  const view = describeUrl(url);
  return (
    <section className="request-section">
      {view.web ? (
        <p className="request-domain">
          <Message
            id="requests.url.site"
            values={{
              domain: view.domain,
              strong: (chunks: ReactNode[]) => <strong className="request-domain-name">{chunks}</strong>,
            }}
          />
          {view.international && view.host.toLowerCase() !== view.domain ? (
            <span className="muted">{t('requests.url.writtenAs', { host: view.host })}</span>
          ) : null}
        </p>
      ) : null}
      <p className="request-url">
        <span className="muted request-url-label">{t('requests.url.address')}</span>
        <span className="request-url-part">{view.prefix}</span>
        {view.userinfo ? <mark className="request-url-userinfo">{view.userinfo}</mark> : null}
        <strong className="request-url-host">{view.host}</strong>
        <span className="request-url-part">{view.rest}</span>
      </p>
      {view.warnings.length > 0 ? (
        <div className="request-warning" role="alert">
          <ul>
            {view.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="muted request-hint">
        {t('requests.url.continue', { server, where: window.host ? 'desktop' : 'browser' })}
      </p>
    </section>
  );
}
