// Mounts the one open dialog (Add/Edit server, Edit config file, Import, Browse servers, Open bundle, Install link); each loads on first use.
import { lazyView } from '../../components/lazyView';
import { PartBoundary } from '../../components/PartBoundary';
import { actions, useDialog } from '../../store';
import { useInstallRoute } from '../registry/installRoute';

const ServerEditor = lazyView(() => import('./ServerEditor').then((module) => module.ServerEditor));
const BrowseServers = lazyView(() =>
  import('../registry/BrowseServers').then((module) => module.BrowseServers),
);
const OpenBundle = lazyView(() => import('../registry/OpenBundle').then((module) => module.OpenBundle));
const InstallLink = lazyView(() => import('../registry/InstallLink').then((module) => module.InstallLink));
const ImportDialog = lazyView(() => import('../import/ImportDialog').then((module) => module.ImportDialog));
const ConfigFileEditor = lazyView(() =>
  import('./ConfigFileEditor').then((module) => module.ConfigFileEditor),
);

/** Renders whichever dialog the store says is open. */
export function DialogHost() {
  const dialog = useDialog();
  useInstallRoute();
  if (!dialog) return null;
  const close = actions.dialogClosed;
  return (
    <PartBoundary key={dialog.kind}>
      {dialog.kind === 'add' ? <ServerEditor onClose={close} /> : null}
      {dialog.kind === 'edit' ? (
        <ServerEditor key={dialog.name} editing={dialog.name} onClose={close} />
      ) : null}
      {dialog.kind === 'configFile' ? (
        <ConfigFileEditor
          onClose={close}
          at={dialog.line ? { line: dialog.line, column: dialog.column } : undefined}
        />
      ) : null}
      {dialog.kind === 'browse' ? <BrowseServers onClose={close} /> : null}
      {dialog.kind === 'bundle' ? <OpenBundle onClose={close} /> : null}
      {dialog.kind === 'link' ? <InstallLink link={dialog.link} onClose={close} /> : null}
      {dialog.kind === 'import' ? <ImportDialog onClose={close} /> : null}
    </PartBoundary>
  );
}
