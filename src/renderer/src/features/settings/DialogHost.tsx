// Mounts the one open dialog (Add/Edit server, Edit config file, Import, Browse servers, Open bundle, Install link); each loads on first use.
import { lazy, Suspense } from 'react';
import { actions, useDialog } from '../../store';
import { useInstallRoute } from '../registry/installRoute';

const ServerEditor = lazy(() =>
  import('./ServerEditor').then((module) => ({ default: module.ServerEditor })),
);
const BrowseServers = lazy(() =>
  import('../registry/BrowseServers').then((module) => ({ default: module.BrowseServers })),
);
const OpenBundle = lazy(() =>
  import('../registry/OpenBundle').then((module) => ({ default: module.OpenBundle })),
);
const InstallLink = lazy(() =>
  import('../registry/InstallLink').then((module) => ({ default: module.InstallLink })),
);
const ImportDialog = lazy(() =>
  import('../import/ImportDialog').then((module) => ({ default: module.ImportDialog })),
);
const ConfigFileEditor = lazy(() =>
  import('./ConfigFileEditor').then((module) => ({ default: module.ConfigFileEditor })),
);

/** Renders whichever dialog the store says is open. */
export function DialogHost() {
  const dialog = useDialog();
  useInstallRoute();
  if (!dialog) return null;
  const close = actions.dialogClosed;
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'add' ? <ServerEditor onClose={close} /> : null}
      {dialog.kind === 'edit' ? (
        <ServerEditor key={dialog.name} editing={dialog.name} onClose={close} />
      ) : null}
      {dialog.kind === 'configFile' ? <ConfigFileEditor onClose={close} /> : null}
      {dialog.kind === 'browse' ? <BrowseServers onClose={close} /> : null}
      {dialog.kind === 'bundle' ? <OpenBundle onClose={close} /> : null}
      {dialog.kind === 'link' ? <InstallLink link={dialog.link} onClose={close} /> : null}
      {dialog.kind === 'import' ? <ImportDialog onClose={close} /> : null}
    </Suspense>
  );
}
