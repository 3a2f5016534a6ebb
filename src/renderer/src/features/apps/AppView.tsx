// A server's app view in a card: its sandboxed frame, the ways to full screen and its own window and back, and what it asked for.
import type { ReactNode } from 'react';
import { APP_PERMISSIONS, type AppOpened, type AppPermission } from '../../../../shared/apps';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { UrlElicitation } from '../requests/UrlElicitation';
import { DownloadFileDialog } from './DownloadFileDialog';
import { type AppViewInput, type LinkRequest, useAppView } from './useAppView';
import './apps.css';

const PERMISSION_NAMES: Record<AppPermission, string> = {
  camera: 'your camera',
  microphone: 'your microphone',
  geolocation: 'your location',
  clipboardWrite: 'writing to your clipboard',
};

function OpenLinkDialog({ link, who }: { link: LinkRequest; who: string }): ReactNode {
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
      title="Open link?"
      onClose={() => link.answer(false)}
      footer={
        <>
          <button type="button" onClick={() => link.answer(false)}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={() => void open()}>
            Open in browser
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
  const { run, pending, error } = useCommand();
  const { requested, granted } = opened.permissions;
  const missing = requested.filter((name) => !granted.includes(name));
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
          This view asks for {missing.map((name) => PERMISSION_NAMES[name]).join(', ')}, which stays blocked
          unless you allow it.{' '}
          <button
            type="button"
            className="small"
            disabled={pending}
            onClick={() => void allow(APP_PERMISSIONS.filter((name) => requested.includes(name)))}
          >
            Allow and reload the view
          </button>
        </p>
      ) : null}
      {granted.length > 0 ? (
        <p className="app-view-note">
          Allowed: {granted.map((name) => PERMISSION_NAMES[name]).join(', ')}.{' '}
          <button type="button" className="small" disabled={pending} onClick={() => void allow([])}>
            Block again
          </button>
        </p>
      ) : null}
      {opened.refusedSources.length > 0 ? (
        <p className="app-view-note muted">
          Switchboard did not let this view reach: {opened.refusedSources.join(', ')}.
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
  const view = useAppView(input);
  const { server, tool } = input;
  const inline = view.mode === 'inline';
  const away = view.place === 'window';
  const bordered = view.opened?.prefersBorder !== false;
  const showText = Boolean(view.problem) || view.closedByView;
  return (
    <section
      className={bordered ? 'app-view app-view-bordered' : 'app-view'}
      data-mode={view.mode}
      aria-label={`View of ${tool.name}`}
    >
      {!inline ? (
        <p className="app-view-placeholder">
          The view is shown {view.mode === 'fullscreen' ? 'in full screen' : 'in a small window'}.{' '}
          <button type="button" className="small" onClick={view.exitMode}>
            Back to the card
          </button>
        </p>
      ) : null}
      {away ? (
        <p className="app-view-placeholder" role="status">
          Shown in its own window.{' '}
          <button type="button" className="small" onClick={view.bringBack}>
            Bring back
          </button>
        </p>
      ) : null}
      {view.windowRefused ? (
        <p className="app-view-note" role="status">
          The browser did not open the window. Allow pop-ups for Switchboard and try again.
        </p>
      ) : null}
      <div ref={view.stage} className="app-view-stage" popover="manual" hidden={showText || away}>
        <div className="app-view-bar">
          <span className="app-view-origin">
            View from <strong>{server}</strong> · runs in a sandbox
          </span>
          <span className="app-view-actions">
            {view.opened ? (
              <button type="button" className="small" onClick={view.openInWindow}>
                Open in window
              </button>
            ) : null}
            {!inline ? (
              <button type="button" className="small" onClick={view.exitMode}>
                {view.mode === 'fullscreen' ? 'Exit full screen' : 'Back to the card'}
              </button>
            ) : null}
          </span>
        </div>
        <div ref={view.slot} className="app-view-slot" style={inline ? { height: view.height } : undefined} />
        {!view.opened && !view.problem ? <p className="app-view-loading muted">Opening the view…</p> : null}
      </div>
      {view.problem ? (
        <p className="app-view-problem" role="status">
          The view could not be shown: {view.problem} The result is shown as text.
        </p>
      ) : null}
      {view.closedByView ? (
        <p className="app-view-note" role="status">
          The view closed itself.{' '}
          <button type="button" className="small" onClick={view.reopen}>
            Show it again
          </button>
        </p>
      ) : null}
      {view.fileRefused ? (
        <p className="app-view-note" role="status">
          The view offered a file that was not saved: {view.fileRefused}
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
          <summary>Result as text</summary>
          {textResult}
        </details>
      ) : null}
      {view.link ? <OpenLinkDialog link={view.link} who={`The view of ${tool.name} (${server})`} /> : null}
      {view.download ? (
        <DownloadFileDialog request={view.download} who={`The view of ${tool.name} (${server})`} />
      ) : null}
    </section>
  );
}
