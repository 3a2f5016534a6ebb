// A server's app view in a card: its sandboxed frame, the ways to full screen and its own window and back, and what it asked for.
import type { ReactNode } from 'react';
import { APP_PERMISSIONS, type AppOpened, type AppPermission } from '../../../../shared/apps';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
import { UrlElicitation } from '../requests/UrlElicitation';
import { DownloadFileDialog } from './DownloadFileDialog';
import { type AppViewInput, type LinkRequest, useAppView } from './useAppView';
import './apps.css';

/** The message naming each permission a view may ask for. */
const PERMISSION_NAMES: Record<AppPermission, string> = {
  camera: 'apps.permission.camera',
  microphone: 'apps.permission.microphone',
  geolocation: 'apps.permission.geolocation',
  clipboardWrite: 'apps.permission.clipboardWrite',
};

function OpenLinkDialog({ link, who }: { link: LinkRequest; who: string }): ReactNode {
  const t = useT();
  const { run, error } = useCommand();
  const open = async () => {
    if (!window.host) {
      window.open(link.url, '_blank', 'noopener,noreferrer');
      link.answer(true);
      return;
    }
    const outcome = await run((host) => host.invoke('app.openExternal', { url: link.url }));
    if (outcome.ok) link.answer(outcome.value);
  };
  return (
    <Dialog
      title={t('apps.link.title')}
      onClose={() => link.answer(false)}
      footer={
        <>
          <button type="button" onClick={() => link.answer(false)}>
            {t('common.cancel')}
          </button>
          <button type="button" className="primary" onClick={() => void open()}>
            {t('apps.link.open')}
          </button>
        </>
      }
    >
      <UrlElicitation url={link.url} server={who} />
      {error ? <p className="inline-error">{error}</p> : null}
    </Dialog>
  );
}

function Notices({
  server,
  resourceUri,
  opened,
  onChanged,
}: {
  server: string;
  resourceUri: string | undefined;
  opened: AppOpened;
  onChanged: () => void;
}): ReactNode {
  const t = useT();
  const { run, pending, error } = useCommand();
  const { requested, granted } = opened.permissions;
  const missing = requested.filter((name) => !granted.includes(name));
  const names = (list: readonly AppPermission[]) =>
    list.map((name) => t(PERMISSION_NAMES[name])).join(t('common.list.separator'));
  const allow = async (permissions: AppPermission[]) => {
    if (!resourceUri) return;
    const outcome = await run((host) =>
      host.invoke('apps.setPermissions', { server, resourceUri, permissions }),
    );
    if (outcome.ok) onChanged();
  };
  return (
    <>
      {missing.length > 0 ? (
        <p className="app-view-note">
          {t('apps.notice.asks', { permissions: names(missing) })}{' '}
          <button
            type="button"
            className="small"
            disabled={pending}
            onClick={() => void allow(APP_PERMISSIONS.filter((name) => requested.includes(name)))}
          >
            {t('apps.notice.allow')}
          </button>
        </p>
      ) : null}
      {granted.length > 0 ? (
        <p className="app-view-note">
          {t('apps.notice.allowed', { permissions: names(granted) })}{' '}
          <button type="button" className="small" disabled={pending} onClick={() => void allow([])}>
            {t('apps.notice.block')}
          </button>
        </p>
      ) : null}
      {opened.refusedSources.length > 0 ? (
        <p className="app-view-note muted">
          {t('apps.notice.refused', { sources: opened.refusedSources.join(t('common.list.separator')) })}
        </p>
      ) : null}
      {error ? <p className="inline-error">{error}</p> : null}
    </>
  );
}

/** Props of `AppView`: the call and, as `textResult`, its result as text for when the view cannot show it. */
export type AppViewProps = AppViewInput & { textResult?: ReactNode };

/** A `region` named "View of <tool>" holding the view's frame, titled "View of <tool> (<server>)". */
export function AppView({ textResult, ...input }: AppViewProps): ReactNode {
  const t = useT();
  const view = useAppView(input);
  const { server, tool } = input;
  const who = t('apps.view.who', { tool: tool.name, server });
  const inline = view.mode === 'inline';
  const away = view.place === 'window';
  const bordered = view.opened?.prefersBorder !== false;
  const showText = Boolean(view.problem) || view.closedByView;
  return (
    <section
      className={bordered ? 'app-view app-view-bordered' : 'app-view'}
      data-mode={view.mode}
      aria-label={t('apps.view.label', { tool: tool.name })}
    >
      {!inline ? (
        <p className="app-view-placeholder">
          {t('apps.view.shownElsewhere', { mode: view.mode === 'fullscreen' ? 'fullscreen' : 'other' })}{' '}
          <button type="button" className="small" onClick={view.exitMode}>
            {t('apps.view.backToCard')}
          </button>
        </p>
      ) : null}
      {away ? (
        <p className="app-view-placeholder" role="status">
          {t('apps.view.inWindow')}{' '}
          <button type="button" className="small" onClick={view.bringBack}>
            {t('apps.view.bringBack')}
          </button>
        </p>
      ) : null}
      {view.windowRefused ? (
        <p className="app-view-note" role="status">
          {t('apps.view.windowRefused')}
        </p>
      ) : null}
      <div ref={view.stage} className="app-view-stage" popover="manual" hidden={showText || away}>
        <div className="app-view-bar">
          <span className="app-view-origin">
            <Message
              id="apps.view.origin"
              values={{ server, strong: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
            />
          </span>
          <span className="app-view-actions">
            {view.opened ? (
              <button type="button" className="small" onClick={view.openInWindow}>
                {t('apps.view.openInWindow')}
              </button>
            ) : null}
            {!inline ? (
              <button type="button" className="small" onClick={view.exitMode}>
                {view.mode === 'fullscreen' ? t('apps.view.exitFullScreen') : t('apps.view.backToCard')}
              </button>
            ) : null}
          </span>
        </div>
        <div ref={view.slot} className="app-view-slot" style={inline ? { height: view.height } : undefined} />
        {!view.opened && !view.problem ? (
          <p className="app-view-loading muted">{t('apps.view.opening')}</p>
        ) : null}
      </div>
      {view.problem ? (
        <p className="app-view-problem" role="status">
          {t('apps.view.problem', { problem: view.problem })}
        </p>
      ) : null}
      {view.closedByView ? (
        <p className="app-view-note" role="status">
          {t('apps.view.closedItself')}{' '}
          <button type="button" className="small" onClick={view.reopen}>
            {t('apps.view.showAgain')}
          </button>
        </p>
      ) : null}
      {view.fileRefused ? (
        <p className="app-view-note" role="status">
          {t('apps.view.fileRefused', { reason: view.fileRefused })}
        </p>
      ) : null}
      {view.opened ? (
        <Notices
          server={server}
          resourceUri={tool.ui?.resourceUri}
          opened={view.opened}
          onChanged={view.reopen}
        />
      ) : null}
      {textResult ? (
        <details className="app-view-text" open={showText}>
          <summary>{t('apps.view.resultAsText')}</summary>
          {textResult}
        </details>
      ) : null}
      {view.link ? <OpenLinkDialog link={view.link} who={who} /> : null}
      {view.download ? <DownloadFileDialog request={view.download} who={who} /> : null}
    </section>
  );
}
